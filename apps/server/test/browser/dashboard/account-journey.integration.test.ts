import { UserModel } from '@formwell/db';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { linkToken, mailTo, startWorkerWithMailCatcher } from '../../account/mail-services.js';
import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

const EMAIL = 'grace@example.com';

test(
  'a person signs up, confirms the address by mail, forgets the password and resets it, sees their sessions, exports and deletes the account',
  { timeout: 600_000 },
  async () => {
    const redis = await startRedisServer();
    onTestFinished(() => redis.stop());
    const { app, env } = await buildTestApp({ REDIS_URL: redis.url }, { dashboardDir });
    const { output } = await startWorkerWithMailCatcher({ mongoUri: env.MONGODB_URI, redisUrl: redis.url });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Sign-up: no session, a link by mail; logged in, a banner until the address is confirmed.
    await page.goto(`${address}/signup`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('first horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await checkPage(page, 'sign-up-sent');
    await page.getByRole('link', { name: 'Log in' }).click();
    await logIn(page, { email: EMAIL, password: 'first horse battery' });
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText('Confirm your email address').waitFor();
    await checkPage(page, 'verify-banner');

    const [verification] = await mailTo(EMAIL, 'account.verify-email', output);
    await page.goto(`${address}/verify-email#token=${linkToken(verification, 'verify-email')}`);
    await page.getByText(`${EMAIL} is confirmed`).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.getByRole('heading', { name: 'Forms' }).waitFor();
    expect(await banner.count()).toBe(0);

    // Forgotten password: a link by mail; the new password works, the old one no longer.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The log-in page's own Email field stays until the next page has loaded: filling before its
    // heading shows could type into the page that is going away.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page
      .getByText(`If an account uses ${EMAIL}, a link to choose a new password is on its way.`)
      .waitFor();
    await checkPage(page, 'forgot-password');
    const [reset] = await mailTo(EMAIL, 'account.password-reset', output);
    await page.goto(`${address}/reset-password#token=${linkToken(reset, 'reset-password')}`);
    await page.getByLabel('New password').fill('second horse battery');
    await checkPage(page, 'reset-password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your password is changed').waitFor();
    // The link works once.
    await page.reload();
    await page.getByLabel('New password').fill('third horse battery');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('alert').getByText('This link is invalid, used or expired').waitFor();
    await page.goto(`${address}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('first horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await logIn(page, { email: EMAIL, password: 'second horse battery' });

    // The account page: this session listed; a wrong current password is refused.
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByText('(this session)').waitFor();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('fourth horse battery');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').getByText('The current password is not correct').waitFor();
    await checkPage(page, 'account');

    // Export: a gzip'd JSON file of the account.
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my account (JSON)' }).click();
    expect((await downloaded).suggestedFilename()).toMatch(/^formwell-account-\d{4}-\d{2}-\d{2}\.json\.gz$/);

    // Deletion needs the address typed, then a confirmation; then the account is gone.
    expect(await page.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    await page.getByLabel('Type your email address to confirm').fill(EMAIL.toUpperCase());
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Delete it for good' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await UserModel.countDocuments({ email: EMAIL })).toBe(0);
    expect(pageErrors).toEqual([]);
  },
);
