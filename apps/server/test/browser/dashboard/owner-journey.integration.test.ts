import { readFileSync } from 'node:fs';

import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { startRecordingReceiver } from '../../helpers/recording-receiver.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';
import { payOnFakeCheckout, startJourneyServices, startWorker } from './journey-services.js';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

const JOURNEY_TIMEOUT_MS = 600_000;

/**
 * Reloads the page until `locator` finds at least `atLeast` elements: what the worker does
 * (deliveries, mail) happens after the request that caused it, and these lists do not poll.
 */
async function reloadUntil(page: Page, locator: Locator, atLeast: number) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();

        return locator.count();
      },
      // Bounded by the journey's own limit only: how soon the worker gets to it depends on the load.
      { timeout: JOURNEY_TIMEOUT_MS, message: `waiting for ${atLeast} of ${String(locator)}` },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

/** A submission through the public REST API, as an owner's backend would send it. */
function submit(
  address: string,
  apiKey: string,
  formId: string,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return fetch(`${address}/api/v1/forms/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, ...headers },
    body: JSON.stringify({ formId, data }),
  });
}

/** What a headless Chrome in the United States sends: a second browser and country for the charts. */
const HEADLESS_CHROME_IN_US = {
  'User-Agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'Accept-Language': 'en-US,en;q=0.9',
};

/** An element as the browser hands it to `evaluate` (this package has no DOM types). */
type TStyledElement = {
  ownerDocument: { defaultView: { getComputedStyle(element: unknown): Record<string, string> } | null };
};

/** The computed values of `properties` on the element `locator` finds. */
function computedStyle(locator: Locator, properties: string[]) {
  return locator.evaluate((element: TStyledElement, names: string[]) => {
    const style = element.ownerDocument.defaultView?.getComputedStyle(element);

    return names.map((name) => style?.[name] ?? '');
  }, properties);
}

/**
 * A bar chart's category labels and its number of bars: each bar must carry its own name. A long
 * label is drawn as one line per word, joined back here.
 */
async function barChart(page: Page, title: string) {
  const figure = page.locator(`figure[aria-label="${title}"]`);
  await figure.locator('.recharts-bar-rectangle').first().waitFor();
  const labels = figure.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  const names: string[] = [];
  for (const label of await labels.all()) {
    names.push((await label.locator('tspan').allTextContents()).join(' '));
  }

  return { labels: names, bars: await figure.locator('.recharts-bar-rectangle').count() };
}

test(
  'an owner signs up, builds a form, makes a key, sees a submission arrive, exports it, upgrades through Stripe, reads charts, a webhook delivery and the confirmation mail, and revokes the key',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const { stripe, serverEnv } = await startJourneyServices();
    const { app, env } = await buildTestApp(serverEnv, { dashboardDir });
    await startWorker({ mongoUri: env.MONGODB_URI, redisUrl: env.REDIS_URL });
    const receiver = await startRecordingReceiver();
    onTestFinished(() => receiver.close());
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Nothing the dashboard loads by itself is missing (the browser's favicon request included).
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });

    // Without a session every dashboard page leads to log in.
    await page.goto(`${address}/forms`);
    await expect.poll(() => page.url()).toBe(`${address}/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await checkPage(page, 'log-in');

    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await checkPage(page, 'sign-up');
    await page.getByLabel('Name (optional)').fill('Ada Owner');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Sign-up signs nobody in (its answer is the same for a taken address): log in next.
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await logIn(page, { email: 'ada@example.com', password: 'correct horse battery staple' });
    await page.getByText('No forms yet').waitFor();
    await checkPage(page, 'forms-empty');

    // A form with three field types: short text (required), email, and a drop-down with options.
    await page.getByRole('link', { name: 'New form' }).click();
    await page.getByRole('heading', { name: 'New form' }).waitFor();
    await page.getByLabel('Form name').fill('Launch waitlist');
    await page.getByLabel('Description').fill('Who wants in');
    for (let added = 0; added < 3; added += 1) {
      await page.getByRole('button', { name: 'Add field' }).click();
    }
    await page.getByLabel('Field 1 label', { exact: true }).fill('Full name');
    await page.getByLabel('Field 1 required', { exact: true }).check();
    await page.getByLabel('Field 2 label', { exact: true }).fill('Email');
    await page.getByLabel('Field 2 type', { exact: true }).selectOption('email');
    await page.getByLabel('Field 3 label', { exact: true }).fill('Plan');
    await page.getByLabel('Field 3 type', { exact: true }).selectOption('select');
    // Saving a drop-down without options is stopped in the browser, next to the field.
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.getByText('List at least one option, one per line.').waitFor();
    await page.getByLabel('Field 3 options', { exact: true }).fill('Free\nPro');
    // Emails are paid features: on FREE their switches cannot be turned on.
    expect(await page.getByLabel('Send each submitter a confirmation email').isDisabled()).toBe(true);
    expect(await page.getByLabel('Email me each submission').isDisabled()).toBe(true);
    await page.getByLabel('Publish the number of people who joined (users-joined count)').check();
    await checkPage(page, 'form-editor');
    await page.getByRole('button', { name: 'Create form' }).click();
    await page.getByRole('heading', { name: 'Launch waitlist' }).waitFor();
    const formId = new URL(page.url()).pathname.split('/')[2] ?? '';
    expect(formId).not.toBe('');
    await page.getByText('No submissions yet.').waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([]);

    // The key is shown once, in full; the list shows only its truncated form afterwards.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByLabel('Key name').fill('backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    const apiKey = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(apiKey).toMatch(/^mk_live_/);
    await page.getByRole('cell', { name: 'backend', exact: true }).waitFor();
    await checkPage(page, 'api-keys');
    await page.reload();
    await page.getByRole('cell', { name: 'backend', exact: true }).waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect(await page.locator('td code').textContent()).toBe(`${apiKey.slice(0, 12)}…${apiKey.slice(-4)}`);

    const created = await submit(
      address,
      apiKey,
      formId,
      { full_name: 'Grace Hopper', email: 'grace@example.com', plan: 'Pro' },
      HEADLESS_CHROME_IN_US,
    );
    expect(created.status).toBe(201);
    // A bot that fills the hidden honeypot field is answered as if stored, and only counted.
    const bot = await submit(address, apiKey, formId, { full_name: 'Bot', _gotcha: 'https://spam.example' });
    expect(bot.status).toBe(201);
    // The users-joined switch of the editor is on: the public count answers.
    const joined = await fetch(`${address}/api/v1/forms/${formId}/users-joined`, {
      headers: { 'X-API-Key': apiKey },
    });
    expect(await joined.json()).toMatchObject({ formId, count: 1 });

    await page.goto(`${address}/forms/${formId}`);
    await page.getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor();
    // The form has an email field: the address shows once, in that field's column.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Received',
      'Full name',
      'Email',
      'Plan',
      'Details',
    ]);
    await page.getByText(/· 1 submission · 1 caught by the honeypot or CAPTCHA/).waitFor();
    // The raw JSON of "View" keeps its lines whole (a long line scrolls) instead of cutting words.
    await page.getByText('View', { exact: true }).click();
    const rawJson = page.locator('pre.raw-json');
    expect(await rawJson.textContent()).toContain('"full_name": "Grace Hopper"');
    expect(await computedStyle(rawJson, ['whiteSpace', 'wordBreak', 'overflowWrap'])).toEqual([
      'pre',
      'normal',
      'normal',
    ]);
    await page.getByText('View', { exact: true }).click();
    await checkPage(page, 'form-detail');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv).toContain('Grace Hopper');
    expect(csv).toContain('grace@example.com');

    // Embedding: the plain HTML form posts to /f/{formId}, which answers only once it is switched on.
    await page.getByText(`<form action="${address}/f/${formId}" method="POST">`).waitFor();
    // Each snippet's copy button says what it copies, in a few words.
    for (const label of ['Copy curl command', 'Copy fetch code', 'Copy HTML form']) {
      await page.getByRole('button', { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: /^Copy From/ }).count()).toBe(0);
    const keyless = () =>
      fetch(`${address}/f/${formId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ full_name: 'Ada Lovelace', email: 'ada.l@example.com', plan: 'Free' }),
      });
    expect((await keyless()).status).toBeGreaterThanOrEqual(400);
    await page.getByLabel('Accept posts from plain HTML forms (no key)').check();
    await page.getByRole('button', { name: 'Save public submissions' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await keyless()).status).toBe(201);
    await page.getByLabel('Embed key origins').fill('https://shop.example.com');
    await page.getByRole('button', { name: 'Create embed key' }).click();
    expect(await page.getByTestId('new-embed-key').textContent()).toMatch(/^mk_live_/);
    // CAPTCHA for the keyless endpoint: the secret is asked for, stored, and never shown again.
    await page.getByLabel('CAPTCHA provider').selectOption('turnstile');
    await page.getByLabel('CAPTCHA secret key').fill('0x4AAAAAAAturnstile-secret');
    await page.getByRole('button', { name: 'Save CAPTCHA' }).click();
    await page.getByText('Now: Cloudflare Turnstile.').waitFor();
    expect(await page.content()).not.toContain('0x4AAAAAAAturnstile-secret');
    await page.reload();
    await page.getByRole('cell', { name: 'Ada Lovelace', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Embed', exact: true }).waitFor();
    await checkPage(page, 'form-detail-embed');

    // Analytics is paid: a FREE owner is offered the upgrade, which goes through Stripe's checkout.
    await page.getByText('Charts of your submissions come with the Standard plan').waitFor();
    await page.getByRole('link', { name: 'Upgrade on the billing page' }).click();
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await page.getByText('Subscription: none.').waitFor();
    const paid = await payOnFakeCheckout({
      page,
      app,
      stripe,
      address,
      startCheckout: () => page.getByRole('button', { name: 'Upgrade to PRO' }).click(),
    });
    expect(paid.plan).toBe('PRO');
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await page.getByText(/^PRO, up to \d+ submissions a month\. Subscription: active/).waitFor();
    await checkPage(page, 'billing-pro');

    // On PRO the charts draw both submissions.
    await page.goto(`${address}/forms/${formId}`);
    await page.getByText(/^2 submissions in all/).waitFor();
    await page.locator('figure[aria-label="Submissions over time"] .recharts-line-curve').waitFor();
    // Two browsers and two countries: every bar is labelled with its own name.
    const browsers = await barChart(page, 'Browsers');
    expect(browsers.bars).toBe(2);
    expect(browsers.labels.sort()).toEqual(['Chrome Headless', 'Unknown']);
    const countries = await barChart(page, 'Countries');
    expect(countries.bars).toBe(2);
    expect(countries.labels.sort()).toEqual(['United States', 'Unknown']);
    await page.getByLabel('Range').selectOption('day');
    await page.getByText('Submissions per hour').waitFor();
    await checkPage(page, 'form-detail-analytics');

    // On PRO, submitters get a confirmation email, and the edit keeps the fields.
    await page.getByRole('link', { name: 'Edit form' }).click();
    await page.getByLabel('Send each submitter a confirmation email').check();
    await page.getByLabel('Confirmation subject').fill('Thanks for joining the waitlist');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Launch waitlist' }).waitFor();
    await page.getByRole('link', { name: 'Edit form' }).click();
    expect(await page.getByLabel('Send each submitter a confirmation email').isChecked()).toBe(true);
    expect(
      await page.getByLabel('Publish the number of people who joined (users-joined count)').isChecked(),
    ).toBe(true);
    expect(await page.getByLabel('Field 3 options', { exact: true }).inputValue()).toBe('Free\nPro');
    await page.goBack();
    await page.getByRole('heading', { name: 'Launch waitlist' }).waitFor();

    // A webhook endpoint with a custom header: its secret once, then a signed test delivery.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 1 name').fill('Authorization');
    await page.getByLabel('Header 1 value').fill('Bearer journey-token');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    // Rotating keeps the old secret for a while: it asks first, but is not red like a delete.
    const buttonColour = async (name: string) =>
      (await computedStyle(page.getByRole('button', { name, exact: true }), ['backgroundColor']))[0];
    expect(await buttonColour('Rotate secret')).not.toBe(await buttonColour('Delete endpoint'));
    expect(await buttonColour('Rotate secret')).toBe(await buttonColour('Send test event'));
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test sent: success (HTTP 200).').waitFor();
    await page.getByRole('cell', { name: 'thanks', exact: true }).waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(receiver.received[0]?.headers.authorization).toBe('Bearer journey-token');

    // A real submission through the REST API: the worker delivers it to the endpoint (shown in
    // its log) and captures the submitter's confirmation email (shown under Mail).
    const third = await submit(address, apiKey, formId, {
      full_name: 'Katherine Johnson',
      email: 'katherine@example.com',
      plan: 'Pro',
    });
    expect(third.status).toBe(201);
    // The test event and the submission's delivery, both answered by the receiver.
    await reloadUntil(page, page.getByRole('cell', { name: 'thanks', exact: true }), 2);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toContain('Katherine Johnson');
    expect(receiver.received[1]?.headers.authorization).toBe('Bearer journey-token');
    await checkPage(page, 'form-detail-webhooks');

    await page.getByRole('link', { name: 'Mail', exact: true }).click();
    await page.getByRole('heading', { name: 'Mail' }).waitFor();
    await reloadUntil(page, page.getByRole('link', { name: 'Thanks for joining the waitlist' }), 1);
    await page.getByRole('cell', { name: 'katherine@example.com', exact: true }).waitFor();
    await checkPage(page, 'mail');
    await page.getByRole('link', { name: 'Thanks for joining the waitlist' }).click();
    await page.getByRole('heading', { name: 'Thanks for joining the waitlist' }).waitFor();
    // The HTML body stays in a sandboxed frame of its own, never in the dashboard's page.
    const body = page.locator('iframe[sandbox=""]');
    // The confirmation quotes none of what was submitted (it could be anyone's address).
    expect(await body.getAttribute('srcdoc')).toContain('We received your submission to Launch waitlist');
    expect(await body.getAttribute('srcdoc')).not.toContain('Katherine Johnson');
    await page
      .frameLocator('iframe[sandbox=""]')
      .getByText('If you did not submit this form, you can ignore this email.')
      .waitFor();
    const text = await page.locator('pre.mail-text').textContent();
    expect(text).toContain('We received your submission to Launch waitlist');
    expect(text).not.toContain('Katherine Johnson');
    await checkPage(page, 'mail-detail');

    await page.getByRole('link', { name: 'Forms', exact: true }).click();
    await page.getByRole('cell', { name: 'Launch waitlist', exact: true }).waitFor();
    await checkPage(page, 'forms-list');

    // Revoking asks first; the key then stops working at once.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Revoke backend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke "backend"?' });
    await dialog.waitFor();
    await checkPage(page, 'api-keys-revoke-dialog');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('cell', { name: 'Revoked', exact: true }).waitFor();

    const refused = await submit(address, apiKey, formId, { full_name: 'Too late' });
    expect(refused.status).toBe(401);

    await page.getByRole('link', { name: 'Inbound' }).click();
    await page.getByText('Nothing received yet.').waitFor();
    await checkPage(page, 'inbound-webhooks');

    // The three submissions count against this month's quota.
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByText(/^3 of \d+ submissions in \d{4}-\d{2}/).waitFor();
    await checkPage(page, 'billing');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(pageErrors).toEqual([]);
    expect(missing).toEqual([]);
    const favicon = await fetch(`${address}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\//);
  },
);
