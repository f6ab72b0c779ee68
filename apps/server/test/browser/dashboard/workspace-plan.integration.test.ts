import { addMember, createForm, createUser, createWorkspace, setUserPlan } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import type { Page } from 'playwright-core';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';
const UPSELL = 'Charts of your submissions come with the Standard plan';
const NOTIFY_UPSELL = 'Notifications to you come with the Pro plan.';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

/** The top bar's plan (`<email> · <plan>`), once the current workspace's summary has loaded. */
async function shownPlan(page: Page): Promise<string> {
  const topBar = page.locator('header .hint');
  await expect.poll(async () => (await topBar.textContent())?.endsWith('…')).toBe(false);

  return (await topBar.textContent())?.split(' · ')[1] ?? '';
}

async function switchTo(page: Page, workspaceId: string): Promise<void> {
  await page.getByLabel('Workspace', { exact: true }).selectOption(workspaceId);
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await expect.poll(() => page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(workspaceId);
}

test(
  "a member whose own workspace is FREE works under a PRO team's plan while in the team (plan shown, analytics, email settings), and under FREE again back home",
  { timeout: 600_000 },
  async () => {
    const redis = await startRedisServer();
    onTestFinished(() => redis.stop());
    const { app } = await buildTestApp({ REDIS_URL: redis.url }, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createUser({
      config: testCoreConfig,
      input: { email: 'plan-owner@example.com', password: PASSWORD },
    });
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.id, name: 'Pro team' });
    await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'PRO' });
    const member = await createUser({
      config: testCoreConfig,
      input: { email: 'plan-member@example.com', password: PASSWORD },
    });
    expect(member.plan).toBe('FREE');
    await addMember({
      actor: { userId: owner.id },
      workspaceId: team.id,
      email: member.email,
      role: 'member',
    });
    const teamForm = await createForm({
      config: testCoreConfig,
      userId: team.id,
      input: { name: 'Team survey', formType: 'survey', fields: [] },
    });
    const ownForm = await createForm({
      config: testCoreConfig,
      userId: member.id,
      input: { name: 'My own form', formType: 'contact', fields: [] },
    });

    const browser = await launchChromium();
    onTestFinished(() => browser.close());
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, { email: member.email, password: PASSWORD, address });
    expect(await shownPlan(page)).toBe('FREE');

    // In the team: the team's plan, its charts and its PRO email settings.
    await switchTo(page, team.id);
    expect(await shownPlan(page)).toBe('PRO');
    await page.goto(`${address}/forms/${teamForm.id}`);
    await page.getByRole('heading', { name: 'Team survey' }).waitFor();
    await page.getByLabel('Range').waitFor();
    expect(await page.getByText(UPSELL).count()).toBe(0);
    await page.goto(`${address}/forms/${teamForm.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Team survey' }).waitFor();
    await expect.poll(() => shownPlan(page)).toBe('PRO');
    expect(await page.getByText(NOTIFY_UPSELL).count()).toBe(0);

    // Back home: FREE, the upsell instead of charts.
    await switchTo(page, member.id);
    expect(await shownPlan(page)).toBe('FREE');
    await page.goto(`${address}/forms/${ownForm.id}`);
    await page.getByRole('heading', { name: 'My own form' }).waitFor();
    await page.getByText(UPSELL).waitFor();
    expect(await page.getByLabel('Range').count()).toBe(0);
    await page.goto(`${address}/forms/${ownForm.id}/edit`);
    await page.getByText(NOTIFY_UPSELL).waitFor();
    expect(pageErrors).toEqual([]);
  },
);
