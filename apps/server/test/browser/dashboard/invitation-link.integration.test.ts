import { createUser, createWorkspace } from '@formwell/core';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { uniqueEmail } from '../../api-v1/helpers/fixtures.js';
import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { invitationTokensSentTo, loggedIn, PASSWORD } from '../../trpc/invitation-fixtures.js';
import { buildDashboardForTest, logIn } from './dashboard-pages.js';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'an invitation link mailed before the token moved to the fragment (`?token=`) still works, and the page moves the token out of the query at once',
  { timeout: 600_000 },
  async () => {
    const { app } = await buildTestApp({}, { dashboardDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'legacy-owner');
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Old links' });
    await owner.client.workspace.switch.mutate({ workspaceId: team.id });
    const invitee = uniqueEmail('legacy-invitee');
    await createUser({ config: testCoreConfig, input: { email: invitee, password: PASSWORD } });
    await owner.client.invitations.create.mutate({ email: invitee, role: 'member' });
    const [token] = await invitationTokensSentTo(invitee);

    const browser = await launchChromium();
    onTestFinished(() => browser.close());
    const page = await (await browser.newContext()).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logIn(page, { email: invitee, password: PASSWORD, address });

    // The old form of the link: the page reads the token, then keeps it in the fragment only.
    await page.goto(`${address}/invitations/accept?token=${encodeURIComponent(token ?? '')}`);
    await page.getByText(`Signed in as ${invitee}.`).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe(`#token=${encodeURIComponent(token ?? '')}`);
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await page.getByRole('heading', { name: 'Forms' }).waitFor();
    await expect.poll(() => page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(team.id);
    expect(pageErrors).toEqual([]);
  },
);
