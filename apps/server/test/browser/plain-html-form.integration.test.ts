import { listSubmissions, type TUpdateFormInput } from '@formwell/core';
import getPort from 'get-port';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';

import type { CreateOwnerOptions } from '../api-v1/helpers/fixtures.js';
import { launchChromium, serveCustomerSite } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeCaptchaVerifier } from '../helpers/fake-captcha-verifier.js';
import {
  createPublicForm,
  outboxKinds,
  spamCount,
  storedData,
  type TPublicForm,
} from '../public-form/helpers.js';

// A customer's static page with a plain <form> (no JavaScript at all) on another origin, submitted
// by real Chromium: what the browser lands on and what the server stored.

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** The server listening on a port known before boot, so PUBLIC_URL (the 303's target) is its own. */
async function startServer(env: Record<string, string> = {}) {
  const port = await getPort({ host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  const { app } = await buildTestApp({ PUBLIC_URL: origin, ...env });
  await app.listen({ port, host: '127.0.0.1' });

  return { origin };
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${value}">`;
}

/** The customer's page: a contact form posting straight to the endpoint, extra inputs as given. */
function contactPage(action: string, extra = '', gotcha = ''): string {
  return `<!doctype html><html><head><title>Contact</title></head><body>
<form action="${action}" method="POST">
  <input name="name" value="Ada Lovelace">
  <label><input type="checkbox" name="topics" value="maths" checked> Maths</label>
  <label><input type="checkbox" name="topics" value="engines" checked> Engines</label>
   <input type="text" name="_gotcha" value="${gotcha}" style="display:none" tabindex="-1" autocomplete="off">
  ${extra}
  <button id="send" type="submit">Send</button>
</form></body></html>`;
}

type TSetup = {
  owner?: CreateOwnerOptions;
  publicSubmissions?: NonNullable<TUpdateFormInput['publicSubmissions']>;
  env?: Record<string, string>;
  /** Extra inputs of the form, given the customer site's origin (which is known only once it listens). */
  extra?: (siteOrigin: string) => string;
  /** What a bot would have typed into the hidden honeypot field. */
  gotcha?: string;
  /** A server already started in this test (one app per test: they share one database connection). */
  server?: { origin: string };
};

async function setUp({
  owner,
  publicSubmissions,
  env,
  extra = () => '',
  gotcha,
  server: running,
}: TSetup = {}) {
  const server = running ?? (await startServer(env));
  const form = await createPublicForm({ owner, publicSubmissions });
  const action = `${server.origin}/f/${form.formId}`;
  // The page is served after the site listens, so a `_redirect` can point back at the site itself.
  const pages: Record<string, string> = {
    '/done': '<!doctype html><title>Done</title><h1>Thanks from the shop</h1>',
  };
  const site = await serveCustomerSite(pages);
  pages['/'] = contactPage(action, extra(site.origin), gotcha);
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);

  return { server, form, site, page, action };
}

/** Clicks Send and returns the status of the endpoint's answer (the browser then follows a 303). */
async function submit(page: Page, action: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) => candidate.url() === action && candidate.request().method() === 'POST',
    ),
    page.click('#send'),
  ]);
  await page.waitForLoadState('load');

  return response.status();
}

async function storedIds(form: TPublicForm): Promise<string[]> {
  const { submissions } = await listSubmissions({ userId: form.userId, formId: form.formId });

  return submissions.map((submission) => submission.id);
}

describe('a plain HTML form on another origin, in Chromium', () => {
  test('lands on the thank-you page with a link back; the fields are stored, repeated names as an array; the webhook is in the outbox', async () => {
    const { server, form, site, page, action } = await setUp();

    expect(await submit(page, action)).toBe(303);

    expect(page.url()).toBe(`${server.origin}/f/${form.formId}/thanks`);
    expect(await page.textContent('h1')).toBe('Thank you!');
    expect(await page.textContent('main')).toContain(`Your submission to “${form.name}” has been received.`);
    // Chromium sends the customer's origin as the Referer of the redirected request.
    expect(await page.getAttribute('a', 'href')).toBe(`${site.origin}/`);
    expect(await storedData(form)).toEqual([{ name: 'Ada Lovelace', topics: ['maths', 'engines'] }]);
    const [id] = await storedIds(form);
    // The PRO owner's notification (on by default) and the form's webhook.
    expect(await outboxKinds(String(id))).toEqual(['email.developer', 'webhook']);
  });

  test('on STANDARD, `_redirect` sends the browser to the customer page; on FREE it lands on the thank-you page', async () => {
    const withRedirect = (origin: string) => hidden('_redirect', `${origin}/done`);
    const standard = await setUp({ owner: { plan: 'STANDARD' }, extra: withRedirect });

    expect(await submit(standard.page, standard.action)).toBe(303);
    expect(standard.page.url()).toBe(`${standard.site.origin}/done`);
    expect(await standard.page.textContent('h1')).toBe('Thanks from the shop');
    expect(await storedData(standard.form)).toHaveLength(1);

    const free = await setUp({ owner: { plan: 'FREE' }, extra: withRedirect, server: standard.server });
    expect(await submit(free.page, free.action)).toBe(303);
    expect(free.page.url()).toBe(`${free.server.origin}/f/${free.form.formId}/thanks`);
    expect(await storedData(free.form)).toHaveLength(1);
  });

  test('a filled honeypot lands on the same thank-you page and nothing is stored', async () => {
    const { server, form, page, action } = await setUp({ gotcha: 'http://spam.example' });

    expect(await submit(page, action)).toBe(303);

    expect(page.url()).toBe(`${server.origin}/f/${form.formId}/thanks`);
    expect(await page.textContent('h1')).toBe('Thank you!');
    expect(await storedData(form)).toEqual([]);
    expect(await spamCount(form)).toBe(1);
  });

  test('a page whose origin is not among the allowed ones is refused with a readable 403 page', async () => {
    const { page, action, form } = await setUp({
      publicSubmissions: { allowedOrigins: ['https://shop.example.com'] },
    });

    expect(await submit(page, action)).toBe(403);

    expect(await page.textContent('main')).toContain(
      'This form does not accept submissions from this origin',
    );
    expect(await storedData(form)).toEqual([]);
  });

  test('the page origin listed among the allowed ones is accepted', async () => {
    const port = await getPort({ host: 'localhost' });
    // The allowed origin must be known before the form is set up: reserve the site's port first.
    const { site, page, action, form } = await setUpOnSitePort(port);

    expect(site.origin).toBe(`http://localhost:${port}`);
    expect(await submit(page, action)).toBe(303);
    expect(await storedData(form)).toHaveLength(1);
  });

  test('CAPTCHA: a missing or wrong token is refused and counted as spam; the right one is stored', async () => {
    const secret = 'turnstile-secret-4b2e';
    const verifier = await startFakeCaptchaVerifier({ secret, token: 'genuine-widget-token' });
    cleanups.push(verifier.close);
    const captcha = (token: string | null) => ({
      publicSubmissions: { captcha: { provider: 'turnstile' as const, secret } },
      // What the Turnstile widget would have put into the form.
      extra: () => (token === null ? '' : hidden('cf-turnstile-response', token)),
    });

    const server = await startServer({ CAPTCHA_TURNSTILE_VERIFY_URL: verifier.url });
    const missing = await setUp({ ...captcha(null), server });
    expect(await submit(missing.page, missing.action)).toBe(403);
    expect(await missing.page.textContent('main')).toContain('CAPTCHA verification failed');

    const wrong = await setUp({ ...captcha('forged-token'), server });
    expect(await submit(wrong.page, wrong.action)).toBe(403);

    const right = await setUp({ ...captcha('genuine-widget-token'), server });
    expect(await submit(right.page, right.action)).toBe(303);
    expect(right.page.url()).toBe(`${right.server.origin}/f/${right.form.formId}/thanks`);

    expect(await storedData(missing.form)).toEqual([]);
    expect(await storedData(wrong.form)).toEqual([]);
    expect(await storedData(right.form)).toEqual([{ name: 'Ada Lovelace', topics: ['maths', 'engines'] }]);
    expect([await spamCount(missing.form), await spamCount(wrong.form)]).toEqual([1, 1]);
    expect(verifier.received.map((body) => body.response)).toEqual(['forged-token', 'genuine-widget-token']);
  });

  test('the per-address limit answers 429 with Retry-After once the page was sent too often', async () => {
    const { page, action, form, site } = await setUp({ env: { RATE_LIMIT_PUBLIC_SUBMIT: '2/60' } });
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) {
        await page.goto(`${site.origin}/`);
      }
      const [response] = await Promise.all([
        page.waitForResponse(
          (candidate) => candidate.url() === action && candidate.request().method() === 'POST',
        ),
        page.click('#send'),
      ]);
      statuses.push(response.status());
      retryAfter = (await response.allHeaders())['retry-after'];
      await page.waitForLoadState('load');
    }

    expect(statuses).toEqual([303, 303, 429]);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await page.textContent('h1')).toBe('Too many submissions');
    expect(await storedData(form)).toHaveLength(2);
  });
});

/** Like setUp, with the customer site on a port chosen up front and listed as the allowed origin. */
async function setUpOnSitePort(port: number) {
  const siteOrigin = `http://localhost:${port}`;
  const server = await startServer();
  const form = await createPublicForm({ publicSubmissions: { allowedOrigins: [siteOrigin] } });
  const action = `${server.origin}/f/${form.formId}`;
  const site = await serveCustomerSite({ '/': contactPage(action) }, port);
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);

  return { site, page, action, form };
}

describe('the same form posted by a script on the page', () => {
  test('FormData with Accept: application/json reads the 201 body and the limit headers cross-origin', async () => {
    const { page, action, form } = await setUp();

    // The fields the page's form holds, as a script would gather them (multipart on the wire).
    const answer = await page.evaluate(async (url) => {
      const body = new FormData();
      body.append('name', 'Ada Lovelace');
      body.append('topics', 'maths');
      body.append('topics', 'engines');
      const response = await fetch(url, { method: 'POST', body, headers: { accept: 'application/json' } });
      const json: unknown = await response.json();

      return {
        status: response.status,
        body: json,
        remaining: response.headers.get('x-ratelimit-remaining'),
      };
    }, action);

    expect(answer).toEqual({
      status: 201,
      body: {
        success: true,
        message: 'Form submitted successfully',
        submissionId: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
        redirect: { url: `${action}/thanks`, allowed: true },
      },
      remaining: '19',
    });
    expect(await storedData(form)).toEqual([{ name: 'Ada Lovelace', topics: ['maths', 'engines'] }]);
  });

  test('a JSON body gets past the preflight the browser sends first, and reads the 201 body', async () => {
    const { page, action, form } = await setUp();

    // `Content-Type: application/json` makes this no simple request: Chromium asks OPTIONS first and
    // sends nothing unless that answer allows it.
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({ name: 'Ada Lovelace', topics: ['maths', 'engines'] }),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
      });

      const body: unknown = await response.json();

      return { status: response.status, body };
    }, action);

    expect(answer).toEqual({
      status: 201,
      body: expect.objectContaining({
        success: true,
        redirect: { url: `${action}/thanks`, allowed: true },
      }) as unknown,
    });
    expect(await storedData(form)).toEqual([{ name: 'Ada Lovelace', topics: ['maths', 'engines'] }]);
  });
});
