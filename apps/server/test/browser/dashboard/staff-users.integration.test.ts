import { createUser } from '@formwell/core';
import { beforeAll, expect, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test('staff see every user and change a plan; owners get no staff link', { timeout: 300_000 }, async () => {
  const { app } = await buildTestApp({}, { dashboardDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await createUser({
    config: testCoreConfig,
    input: { email: 'staff@example.com', password: PASSWORD, role: 'ADMIN' },
  });
  await createUser({ config: testCoreConfig, input: { email: 'owner@example.com', password: PASSWORD } });
  const browser = await launchChromium();

  const loggedInPage = async (email: string) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await logIn(page, { email, password: PASSWORD, address });

    return page;
  };

  const owner = await loggedInPage('owner@example.com');
  expect(await owner.getByRole('link', { name: 'Users' }).count()).toBe(0);

  const staff = await loggedInPage('staff@example.com');
  await staff.getByRole('link', { name: 'Users' }).click();
  await staff.getByRole('cell', { name: 'owner@example.com', exact: true }).waitFor();
  await checkPage(staff, 'staff-users');
  await staff.getByLabel('Plan of owner@example.com').selectOption('PRO');
  await staff.getByRole('button', { name: 'Set plan' }).and(staff.locator(':enabled')).click();

  await staff.getByText('Plan set to PRO.').waitFor();

  // The owner's own billing page shows the new plan.
  await owner.goto(`${address}/billing`);
  await owner.getByText(/submissions in \d{4}-\d{2} \(UTC\), plan PRO/).waitFor();
});
