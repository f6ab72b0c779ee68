import { createForm, createUser, setUserPlan, type TCreateFormInput } from '@formwell/core';
import type { Browser, Page } from 'playwright-core';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';

/**
 * A served dashboard, a verified PRO owner with one form, and Chromium signed in as them on that
 * form's editor. Every wait of the page ends on what it shows or on a response, never on a clock:
 * how long the machine takes cannot decide a test's outcome (its own timeout is the only bound).
 */
export async function openProOwnerEditor({
  dashboardDir,
  email,
  form: input,
}: {
  dashboardDir: string;
  email: string;
  form: TCreateFormInput;
}): Promise<{ address: string; userId: string; formId: string; browser: Browser; page: Page }> {
  const { app } = await buildTestApp({}, { dashboardDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser({
    config: testCoreConfig,
    input: { email, password: PASSWORD },
    emailVerified: true,
  });
  await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
  const form = await createForm({ config: testCoreConfig, userId: user.id, input });

  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(0);
  await logIn(page, { email, password: PASSWORD, address });
  await page.goto(`${address}/forms/${form.id}/edit`);

  return { address, userId: user.id, formId: form.id, browser, page };
}
