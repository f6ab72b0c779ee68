import { createForm, createUser, listNotificationPreferences, setUserPlan } from '@formwell/core';
import { beforeAll, expect, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';
const HOSTILE_BODY =
  '# Hi <img src=x onerror="parent.pwned=1">\n\n{{fields}}\n\n<script>parent.pwned=2</script>\n\n[go](javascript:parent.pwned=3)';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'the owner drafts a notification template with a live preview in which nothing runs, and picks a daily digest',
  { timeout: 300_000 },
  async () => {
    const { app } = await buildTestApp({}, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser({
      config: testCoreConfig,
      input: { email: 'templates-owner@example.com', password: PASSWORD },
      emailVerified: true,
    });
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    const form = await createForm({
      config: testCoreConfig,
      userId: user.id,
      input: {
        name: 'Contact',
        formType: 'contact',
        fields: [{ name: 'message', label: 'Message', type: 'textarea' }],
      },
    });

    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(`${address}/login`);
      await page.getByLabel('Email', { exact: true }).fill('templates-owner@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Forms' }).waitFor();
      await page.goto(`${address}/forms/${form.id}/edit`);

      // The built-in template first, rendered with sample values under the field's label.
      await page.getByTestId('email-preview-subject').getByText('New submission to Contact').waitFor();
      await page.getByLabel('Subject template').fill('{{form.name}}: {{field.message}}');
      await page.getByLabel('Body template').fill(HOSTILE_BODY);
      await page.getByTestId('email-preview-subject').getByText('Contact: Sample Message').waitFor();
      const preview = page.frameLocator('iframe[title="Email preview"]');
      await preview.getByText('<script>parent.pwned=2</script>').waitFor();
      await preview.getByRole('cell', { name: 'Sample Message' }).waitFor();
      const srcdoc = (await page.locator('iframe[title="Email preview"]').getAttribute('srcdoc')) ?? '';
      expect(srcdoc).not.toMatch(/<script|<img|href="javascript/);
      expect(await page.evaluate('window.pwned')).toBeUndefined();

      await page.getByLabel('My notifications for this form').selectOption('daily');
      await page.getByText('templates-owner@example.com (owner): Daily digest').waitFor();
      await checkPage(page, 'form-email-templates');
    } finally {
      await browser.close();
    }

    expect(await listNotificationPreferences({ workspaceId: user.id, formId: form.id })).toMatchObject([
      { email: 'templates-owner@example.com', mode: 'daily' },
    ]);
  },
);
