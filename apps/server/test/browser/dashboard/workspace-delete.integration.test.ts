import { addMember, createForm, createUser, createWorkspace, listUserWorkspaces } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import type { Page } from 'playwright-core';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';
const TEAM = 'Doomed team';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'the owner deletes a team workspace from its Members page after typing its name, and lands in the personal workspace; a member there is back home on their next page',
  { timeout: 600_000 },
  async () => {
    const redis = await startRedisServer();
    onTestFinished(() => redis.stop());
    const { app } = await buildTestApp({ REDIS_URL: redis.url }, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createUser({
      config: testCoreConfig,
      input: { email: 'delete-owner@example.com', password: PASSWORD },
    });
    const member = await createUser({
      config: testCoreConfig,
      input: { email: 'delete-member@example.com', password: PASSWORD },
    });
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.id, name: TEAM });
    await addMember({
      actor: { userId: owner.id },
      workspaceId: team.id,
      email: member.email,
      role: 'admin',
    });
    await createForm({
      config: testCoreConfig,
      userId: team.id,
      input: { name: 'Team contact', formType: 'contact', fields: [] },
    });

    const browser = await launchChromium();
    onTestFinished(() => browser.close());
    const pageErrors: string[] = [];
    const signedIn = async (email: string): Promise<Page> => {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await logIn(page, { email, password: PASSWORD, address });

      return page;
    };
    const picker = (page: Page) => page.getByLabel('Workspace', { exact: true });
    const inTeam = async (page: Page) => {
      await picker(page).selectOption(team.id);
      await page.getByRole('cell', { name: 'Team contact', exact: true }).waitFor();
    };
    const membersPage = async (page: Page) => {
      await page.getByRole('link', { name: 'Members' }).click();
      await page.getByRole('heading', { name: 'Workspace', exact: true }).waitFor();
      await page.getByText(/your role: /).waitFor();
    };

    // The admin works in the team, and is offered no deletion there.
    const memberPage = await signedIn(member.email);
    await inTeam(memberPage);
    await membersPage(memberPage);
    await memberPage.getByText('your role: admin').waitFor();
    expect(await memberPage.getByRole('heading', { name: 'Delete workspace' }).count()).toBe(0);

    // Nor is the owner in their personal workspace (it goes with the account).
    const ownerPage = await signedIn(owner.email);
    await membersPage(ownerPage);
    await ownerPage.getByText('your role: owner').waitFor();
    expect(await ownerPage.getByRole('heading', { name: 'Delete workspace' }).count()).toBe(0);

    // In the team: the button waits for the exact name.
    await inTeam(ownerPage);
    await membersPage(ownerPage);
    await ownerPage.getByRole('heading', { name: 'Delete workspace' }).waitFor();
    const deleteButton = ownerPage.getByRole('button', { name: 'Delete workspace' });
    await ownerPage.getByLabel('Type the workspace name to confirm').fill('doomed team');
    expect(await deleteButton.isDisabled()).toBe(true);
    await ownerPage.getByLabel('Type the workspace name to confirm').fill(TEAM);
    await checkPage(ownerPage, 'workspace-delete');
    await deleteButton.click();
    await ownerPage
      .getByRole('dialog', { name: `Delete ${TEAM}?` })
      .getByRole('button', { name: 'Delete it for good' })
      .click();

    // Back in the personal workspace, which the picker alone lists now.
    await ownerPage.getByRole('heading', { name: 'Forms' }).waitFor();
    await expect.poll(() => picker(ownerPage).inputValue()).toBe(owner.id);
    await ownerPage.getByText('No forms yet').waitFor();
    expect(await picker(ownerPage).locator('option').count()).toBe(1);
    expect(await listUserWorkspaces({ userId: owner.id })).toEqual([
      expect.objectContaining({ id: owner.id }),
    ]);

    // The admin's next page is their own workspace, without an error.
    await memberPage.goto(`${address}/forms`);
    await memberPage.getByText('No forms yet').waitFor();
    await expect.poll(() => picker(memberPage).inputValue()).toBe(member.id);
    expect(pageErrors).toEqual([]);
  },
);
