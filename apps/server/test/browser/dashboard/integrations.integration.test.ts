import { createForm, createUser } from '@formwell/core';
import { platformSchemaErrors } from '@formwell/vitest-config/platform-schemas';
import { beforeAll, expect, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { startPlatformReceiver } from '../../helpers/platform-receiver.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'an owner adds a Slack integration, sends a test message, reads its log, switches it off and deletes it',
  { timeout: 300_000 },
  async () => {
    // The stand-in listens on 127.0.0.1, which integrations may not name otherwise.
    const { app } = await buildTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser({
      config: testCoreConfig,
      input: { email: 'integrations@example.com', password: PASSWORD, plan: 'PRO' },
    });
    const form = await createForm({
      config: testCoreConfig,
      userId: user.id,
      input: { name: 'Contact', formType: 'contact' },
    });
    const receiver = await startPlatformReceiver('slack');
    const browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await logIn(page, { email: 'integrations@example.com', password: PASSWORD, address });
    await page.goto(`${address}/forms/${form.id}`);
    await page.getByRole('heading', { name: 'Integrations' }).waitFor();

    await page.getByLabel('Platform').selectOption('slack');
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add integration' }).click();
    const card = page.getByRole('article', { name: /^Slack integration / });
    await card.waitFor();
    // The URL is a secret: only its masked form is ever on the page.
    expect(await page.content()).not.toContain('secret-token');
    await card.getByText('/services/…').waitFor();

    await card.getByRole('button', { name: 'Send test message' }).click();
    await card.getByText('Test sent: success (HTTP 200).').waitFor();
    expect(receiver.bodies).toHaveLength(1);
    expect(platformSchemaErrors('slack', receiver.bodies[0])).toEqual([]);
    await card.getByRole('cell', { name: 'ok', exact: true }).waitFor();
    await checkPage(page, 'form-detail-integrations');

    await card.getByRole('button', { name: 'Disable integration' }).click();
    await card.getByText('disabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable integration' }).waitFor();

    await card.getByRole('button', { name: 'Delete integration' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete integration' }).click();
    await page.getByText('No integrations yet.').waitFor();
  },
);
