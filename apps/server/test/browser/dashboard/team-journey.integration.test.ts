import { createForm, createUser, listUserWorkspaces } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { beforeAll, expect, onTestFinished, test } from 'vitest';

import { mailTo, startWorkerWithMailCatcher } from '../../account/mail-services.js';
import { launchChromium } from '../../helpers/browser.js';
import { buildTestApp } from '../../helpers/build-test-app.js';
import { testCoreConfig } from '../../helpers/test-core-config.js';
import { buildDashboardForTest, checkPage, logIn } from './dashboard-pages.js';

const PASSWORD = 'correct horse battery staple';
const OWNER = 'team-owner@example.com';
const COLLEAGUE = 'colleague@example.com';

let dashboardDir: string;

beforeAll(async () => {
  dashboardDir = await buildDashboardForTest();
}, 600_000);

test(
  'an owner invites a colleague as viewer; they sign up from the emailed link (SIGNUP=invite), read but cannot edit; raised to admin they can; removed, their next request no longer reaches the workspace',
  { timeout: 600_000 },
  async () => {
    const redis = await startRedisServer();
    onTestFinished(() => redis.stop());
    const { app, env } = await buildTestApp({ REDIS_URL: redis.url, SIGNUP: 'invite' }, { dashboardDir });
    // The real worker sends the invitation to the repo's mail catcher, as `npm start` does.
    const worker = await startWorkerWithMailCatcher({ mongoUri: env.MONGODB_URI, redisUrl: env.REDIS_URL });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Sign-up is by invitation only: the owner's account comes from the operator (the CLI's path).
    const owner = await createUser({ config: testCoreConfig, input: { email: OWNER, password: PASSWORD } });
    const browser = await launchChromium();
    const pageErrors: string[] = [];
    const openPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));

      return page;
    };

    // The owner makes a team workspace on the Members page and lands in it.
    const ownerPage = await openPage();
    await logIn(ownerPage, { email: OWNER, password: PASSWORD, address });
    await ownerPage.getByRole('link', { name: 'Members' }).click();
    await ownerPage.getByRole('heading', { name: 'Workspace', exact: true }).waitFor();
    await ownerPage.getByLabel('Workspace name').fill('Acme');
    await ownerPage.getByRole('button', { name: 'Create workspace' }).click();
    await ownerPage.getByRole('heading', { name: 'Forms' }).waitFor();
    expect(await ownerPage.getByLabel('Workspace', { exact: true }).inputValue()).not.toBe(owner.id);
    const team = (await listUserWorkspaces({ userId: owner.id })).find((each) => each.name === 'Acme');
    expect(team?.role).toBe('owner');
    const form = await createForm({
      config: testCoreConfig,
      userId: team?.id ?? '',
      input: { name: 'Acme contact', formType: 'contact', fields: [] },
    });
    await ownerPage.reload();
    await ownerPage.getByRole('cell', { name: 'Acme contact', exact: true }).waitFor();

    // The invitation: sent, pending, and emailed (captured by the worker, listed under Mail).
    await ownerPage.getByRole('link', { name: 'Members' }).click();
    await ownerPage.getByText('your role: owner').waitFor();
    await ownerPage.getByLabel('Invite by email').fill(COLLEAGUE);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('viewer');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText(`Invitation sent to ${COLLEAGUE}.`).waitFor();
    await ownerPage.getByRole('cell', { name: COLLEAGUE, exact: true }).waitFor();
    await checkPage(ownerPage, 'workspace-members');
    // The invitation's one-time link is the invitee's: it reaches their inbox, and no member of the
    // workspace reads it on the Mail page.
    const [invitation] = await mailTo(COLLEAGUE, 'account.invitation', worker.output);
    expect(invitation?.subject).toBe('You are invited to Acme on Formwell');
    await ownerPage.getByRole('link', { name: 'Mail', exact: true }).click();
    await ownerPage.getByRole('heading', { name: 'Mail' }).waitFor();
    // The list has loaded (the team workspace has no mail of its own) without the invitation.
    await ownerPage.getByText('No mail yet.').waitFor();
    expect(await ownerPage.getByRole('link', { name: 'You are invited to Acme on Formwell' }).count()).toBe(
      0,
    );
    // The token rides in the fragment, which no request and no Referer carries.
    const link = /https?:\/\/\S+\/invitations\/accept#token=\S+/.exec(invitation?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The link names the configured public URL; this run's server listens elsewhere.
    const accept = new URL(link ?? '');

    // The colleague: sign-up without the link is refused; from the link it works and comes back.
    const colleague = await openPage();
    await colleague.goto(`${address}/signup`);
    await colleague.getByLabel('Email').fill(COLLEAGUE);
    await colleague.getByLabel('Password').fill(PASSWORD);
    await colleague.getByRole('button', { name: 'Sign up' }).click();
    await colleague.getByText('Sign-up on this server needs an invitation').waitFor();
    await colleague.goto(`${address}${accept.pathname}${accept.hash}`);
    await colleague.getByRole('heading', { name: 'Join a workspace' }).waitFor();
    await checkPage(colleague, 'invitation-signed-out');
    await colleague.getByRole('link', { name: 'Sign up' }).click();
    await colleague.getByRole('heading', { name: 'Sign up' }).waitFor();
    await colleague.getByLabel('Email').fill(COLLEAGUE);
    await colleague.getByLabel('Password').fill(PASSWORD);
    await colleague.getByRole('button', { name: 'Sign up' }).click();
    // Back on the link's page signed in; or, where a sign-up signs nobody in (its answer must not
    // tell a taken address from a new one), after logging in and opening the link again.
    const signedIn = colleague.getByText(`Signed in as ${COLLEAGUE}.`);
    const checkInbox = colleague.getByRole('heading', { name: 'Check your inbox' });
    await signedIn.or(checkInbox).waitFor();
    if ((await checkInbox.count()) > 0) {
      await logIn(colleague, { email: COLLEAGUE, password: PASSWORD, address });
      await colleague.goto(`${address}${accept.pathname}${accept.hash}`);
    }
    await signedIn.waitFor();
    await checkPage(colleague, 'invitation-accept');
    await colleague.getByRole('button', { name: 'Join the workspace' }).click();

    // As a viewer: the team's form, and no control to change anything.
    await colleague.getByRole('cell', { name: 'Acme contact', exact: true }).waitFor();
    expect(await colleague.getByLabel('Workspace', { exact: true }).inputValue()).toBe(team?.id);
    expect(await colleague.getByRole('link', { name: 'New form' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await colleague.getByRole('link', { name: 'Acme contact' }).click();
    await colleague.getByRole('heading', { name: 'Acme contact' }).waitFor();
    await colleague.getByText('Your role reads this form').waitFor();
    expect(await colleague.getByRole('link', { name: 'Edit form' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
    await checkPage(colleague, 'form-detail-viewer');
    await colleague.getByRole('link', { name: 'API keys' }).click();
    await colleague.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await colleague.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await colleague.getByRole('link', { name: 'Members' }).click();
    await colleague.getByText('your role: viewer').waitFor();
    await colleague.getByRole('cell', { name: OWNER, exact: true }).waitFor();
    expect(await colleague.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await colleague.getByRole('button', { name: 'Leave this workspace' }).waitFor();

    // The owner raises them to admin: their next page shows the editing controls.
    await ownerPage.getByRole('link', { name: 'Members' }).click();
    await ownerPage.getByLabel(`Role of ${COLLEAGUE}`).selectOption('admin');
    // The stored role comes back once the change and the list's reload are done (slow when busy).
    await expect.poll(() => ownerPage.getByLabel(`Role of ${COLLEAGUE}`).inputValue()).toBe('admin');
    await colleague.goto(`${address}/forms`);
    await colleague.getByRole('link', { name: 'New form' }).waitFor();
    await colleague.getByRole('link', { name: 'Members' }).click();
    await colleague.getByRole('heading', { name: 'Invitations' }).waitFor();

    // Then removes them: the colleague's very next request no longer reaches the team's form.
    await ownerPage.getByRole('button', { name: `Remove ${COLLEAGUE}` }).click();
    await ownerPage
      .getByRole('dialog', { name: `Remove ${COLLEAGUE}?` })
      .getByRole('button', { name: 'Remove member' })
      .click();
    await expect.poll(() => ownerPage.getByRole('cell', { name: COLLEAGUE, exact: true }).count()).toBe(0);
    await colleague.goto(`${address}/forms/${form.id}`);
    await colleague.getByText('Form not found').waitFor();
    await colleague.goto(`${address}/forms`);
    await colleague.getByText('No forms yet').waitFor();
    expect(await colleague.getByLabel('Workspace', { exact: true }).inputValue()).not.toBe(team?.id);
    expect(pageErrors).toEqual([]);
    await browser.close();
  },
);
