import { getFormDetail, listNotificationPreferences } from '@formwell/core';
import { beforeAll, expect, test } from 'vitest';

import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage } from './dashboard-pages.js';
import { openProOwnerEditor } from './pro-owner-editor.js';

const HOSTILE_BODY =
  '# Hi <img src=x onerror="parent.pwned=1">\n\n{{fields}}\n\n<script>parent.pwned=2</script>\n\n[go](javascript:parent.pwned=3)';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'the owner drafts a notification template with a live preview in which nothing runs, picks a daily digest, saves, and reloads the saved template',
  { timeout: 300_000 },
  async () => {
    const { address, userId, formId, browser, page } = await openProOwnerEditor({
      dashboardDir,
      email: 'templates-owner@example.com',
      form: {
        name: 'Contact',
        formType: 'contact',
        fields: [{ name: 'message', label: 'Message', type: 'textarea' }],
      },
    });
    try {
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

      // Save: the outcome is the update's own response, then the form's page it leads to.
      const saved = page.waitForResponse(
        (response) => response.url().includes('/trpc/forms.update') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Contact', exact: true }).waitFor();

      // A fresh load of the editor shows the saved template (the editor renders once the form is read).
      await page.goto(`${address}/forms/${formId}/edit`);
      await page.getByRole('heading', { level: 1, name: 'Edit Contact' }).waitFor();
      expect(await page.getByLabel('Subject template').inputValue()).toBe('{{form.name}}: {{field.message}}');
      expect(await page.getByLabel('Body template').inputValue()).toBe(HOSTILE_BODY);
      await page.getByTestId('email-preview-subject').getByText('Contact: Sample Message').waitFor();
    } finally {
      await browser.close();
    }

    const stored = await getFormDetail({
      userId: userId,
      formId: formId,
      limits: testCoreConfig.plans.PRO,
    });
    expect(stored.emailSettingsFull.notificationTemplate).toEqual({
      subject: '{{form.name}}: {{field.message}}',
      body: HOSTILE_BODY,
    });
    expect(await listNotificationPreferences({ workspaceId: userId, formId: formId })).toMatchObject([
      { email: 'templates-owner@example.com', mode: 'daily' },
    ]);
  },
);
