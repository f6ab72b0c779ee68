import {
  createForm,
  createUser,
  getFormDetail,
  listSubmissions,
  setUserPlan,
  submitForm,
} from '@formwell/core';
import { beforeAll, expect, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';
const LINK_FARM = 'Deals http://a.example.top http://b.example.top http://c.example.top http://d.example.top';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'the owner sees the spam count and folder with reasons, and "Not spam" moves it to the inbox',
  { timeout: 300_000 },
  async () => {
    const { app } = await buildTestApp({}, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser({
      config: testCoreConfig,
      input: { email: 'spam-owner@example.com', password: PASSWORD },
    });
    const { quotaLimit } = await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    const form = await createForm({
      config: testCoreConfig,
      userId: user.id,
      input: {
        name: 'Contact',
        formType: 'contact',
        fields: [{ name: 'message', label: 'Message', type: 'textarea' }],
      },
    });
    const submitted = await submitForm({
      config: testCoreConfig,
      user: { id: user.id, plan: 'PRO', quotaLimit },
      input: { formId: form.id, data: { message: LINK_FARM } },
    });
    expect(submitted.spam).toBe(true);

    const browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await logIn(page, { email: 'spam-owner@example.com', password: PASSWORD, address });
    await page.goto(`${address}/forms/${form.id}`);

    await page.getByText('No submissions yet.').waitFor();
    await page.getByRole('button', { name: 'Spam (1)' }).click();
    await page.getByRole('cell', { name: /links/ }).waitFor();
    await page.getByText('View').click();
    await page.getByRole('button', { name: 'Not spam' }).click();

    await page.getByText('No spam: nothing held back.').waitFor();
    await page.getByRole('button', { name: 'Spam (0)' }).waitFor();
    await page.getByRole('button', { name: 'Inbox' }).click();
    await page.getByRole('cell', { name: LINK_FARM }).waitFor();
    expect(
      (await listSubmissions({ userId: user.id, formId: form.id })).submissions.map((s) => s.id),
    ).toEqual([submitted.response.submissionId]);

    // The form's spam threshold, as a percentage: the usual one shown, a wrong one refused, 100 saved.
    await page.getByRole('link', { name: 'Edit form' }).click();
    const threshold = page.getByLabel('Spam threshold (%)');
    expect(await threshold.inputValue()).toBe('80');
    await threshold.fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Choose a spam threshold above 0 and at most 100 %.').waitFor();
    await threshold.fill('100');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Exact: the editor's own heading, "Edit Contact", must not count as the saved form's page.
    await page.getByRole('heading', { name: 'Contact', exact: true }).waitFor();
    expect(
      (await getFormDetail({ userId: user.id, formId: form.id, limits: testCoreConfig.plans.PRO }))
        .spamThreshold,
    ).toBe(1);
    await page.getByRole('link', { name: 'Edit form' }).click();
    expect(await page.getByLabel('Spam threshold (%)').inputValue()).toBe('100');
    // At 100 % the same link farm stays in the inbox.
    const again = await submitForm({
      config: testCoreConfig,
      user: { id: user.id, plan: 'PRO', quotaLimit },
      input: { formId: form.id, data: { message: LINK_FARM } },
    });
    expect(again.spam).toBe(false);
    await browser.close();
  },
);
