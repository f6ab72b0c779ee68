import { createWorkspace, ErrorMessages } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { dashboardClient, rejection, signedInStaff, signUpAndLogIn } from './dashboard-client.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const PASSWORD = 'correct horse battery';

async function listeningApp() {
  const { app, logLines } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  return { app, address, logLines };
}

async function signedUp(address: string) {
  const session = dashboardClient(address);
  const email = uniqueEmail('dash');
  const { user } = await signUpAndLogIn(session.client, { email, password: PASSWORD, name: 'Dash' });

  return { ...session, user, email };
}

describe('auth', () => {
  test('log-in after sign-up sets an httpOnly SameSite=Lax session cookie; me, log-out, log-in again', async () => {
    const { address } = await listeningApp();
    const { client, jar, user, email } = await signedUp(address);

    expect(user).toMatchObject({ email, name: 'Dash', role: 'OWNER', plan: 'FREE', quotaLimit: 200 });
    expect(user).not.toHaveProperty('passwordHash');
    expect(jar.setCookies[0]).toMatch(
      /^formwell_session=[A-Za-z0-9_-]{20,}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect((await client.auth.me.query()).id).toBe(user.id);

    await client.auth.logOut.mutate();
    expect(jar.setCookies.at(-1)).toBe('formwell_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(await rejection(client.auth.me.query())).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Not authenticated',
    });

    expect(await rejection(client.auth.logIn.mutate({ email, password: 'wrong password' }))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    await client.auth.logIn.mutate({ email: email.toUpperCase(), password: PASSWORD });
    expect((await client.auth.me.query()).email).toBe(email);
  });

  test('a logged-out token is dead even if replayed; a taken email answers as a new one; bad input is BAD_REQUEST', async () => {
    const { address } = await listeningApp();
    const { client, jar, email } = await signedUp(address);
    const stolen = jar.cookie;
    await client.auth.logOut.mutate();
    const replay = dashboardClient(address);
    replay.jar.cookie = stolen;

    expect((await rejection(replay.client.auth.me.query())).code).toBe('UNAUTHORIZED');
    // Sign-up tells nobody which addresses have accounts, and signs nobody in.
    const taken = dashboardClient(address);
    const fresh = dashboardClient(address);
    const freshEmail = uniqueEmail('dash');
    expect(await taken.client.auth.signUp.mutate({ email, password: PASSWORD })).toEqual({
      status: 'check_inbox',
      email,
    });
    expect(await fresh.client.auth.signUp.mutate({ email: freshEmail, password: PASSWORD })).toEqual({
      status: 'check_inbox',
      email: freshEmail,
    });
    expect([taken.jar.setCookies, fresh.jar.setCookies]).toEqual([[], []]);
    expect(
      (
        await rejection(
          dashboardClient(address).client.auth.signUp.mutate({ email: 'nope', password: PASSWORD }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
  });

  test('the password never appears in a log line', async () => {
    const { address, logLines } = await listeningApp();
    const { client, email } = await signedUp(address);
    await client.auth.logIn.mutate({ email, password: PASSWORD });
    await rejection(client.auth.logIn.mutate({ email, password: 'another secret pw' }));

    expect(logLines.join('\n')).not.toContain(PASSWORD);
    expect(logLines.join('\n')).not.toContain('another secret pw');
  });
});

describe('API keys', () => {
  test('create returns the full key once; list shows it truncated; the key works on /api/v1 until revoked', async () => {
    const { address } = await listeningApp();
    const { client } = await signedUp(address);
    const created = await client.apiKeys.create.mutate({ name: 'CI', scopes: ['forms:read'] });

    expect(created.key).toMatch(/^mk_live_[0-9A-Za-z]{32}$/);
    expect(created).toMatchObject({ name: 'CI', scopes: ['forms:read'], isActive: true, lastUsedAt: null });
    const { apiKeys } = await client.apiKeys.list.query();
    expect(apiKeys).toEqual([
      expect.objectContaining({
        id: created.id,
        display: `${created.key.slice(0, 12)}…${created.key.slice(-4)}`,
      }),
    ]);
    expect(JSON.stringify(apiKeys)).not.toContain(created.key);

    const before = await fetch(`${address}/api/v1/forms/list`, { headers: { 'x-api-key': created.key } });
    expect(before.status).toBe(200);
    const revoked = await client.apiKeys.revoke.mutate({ id: created.id });
    expect(revoked.isActive).toBe(false);
    const after = await fetch(`${address}/api/v1/forms/list`, { headers: { 'x-api-key': created.key } });
    expect([after.status, await after.json()]).toEqual([
      401,
      { error: 'Invalid or inactive API key', message: 'Invalid or inactive API key', code: 'UNAUTHORIZED' },
    ]);
  });

  test('the key list pages like every list: newest first, revoked keys included, cursor and limit checked', async () => {
    const { address } = await listeningApp();
    const { client } = await signedUp(address);
    const names = ['first', 'second', 'third'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await client.apiKeys.create.mutate({ name })).id);
    }
    await client.apiKeys.revoke.mutate({ id: ids[0] ?? '' });

    const first = await client.apiKeys.list.query({ limit: 2 });
    expect(first.apiKeys.map((key) => key.name)).toEqual(['third', 'second']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await client.apiKeys.list.query({ limit: 2, cursor: first.nextCursor ?? '' });
    expect(rest.apiKeys.map((key) => [key.name, key.isActive])).toEqual([['first', false]]);
    expect(rest.nextCursor).toBeNull();
    // Without input: the default page (50), which holds them all.
    expect((await client.apiKeys.list.query()).apiKeys).toHaveLength(3);

    expect(await rejection(client.apiKeys.list.query({ limit: 0 }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejection(client.apiKeys.list.query({ cursor: 'nope' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid cursor',
    });
  });

  test("a user cannot revoke another user's key; the dashboard needs a session", async () => {
    const { address } = await listeningApp();
    const alice = await signedUp(address);
    const bob = await signedUp(address);
    const aliceKey = await alice.client.apiKeys.create.mutate({ name: 'mine' });

    expect(await rejection(bob.client.apiKeys.revoke.mutate({ id: aliceKey.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'API key not found',
    });
    expect((await alice.client.apiKeys.list.query()).apiKeys[0]?.isActive).toBe(true);
    expect((await rejection(dashboardClient(address).client.apiKeys.list.query())).code).toBe('UNAUTHORIZED');
  });
});

describe('forms and submissions', () => {
  test('create, get, update, list, delete; the FREE plan stops at one form', async () => {
    const { address } = await listeningApp();
    const { client } = await signedUp(address);
    const form = await client.forms.create.mutate({
      name: '  Waitlist ',
      description: ' Join the beta\n ',
      formType: 'waitlist',
      fields: [{ name: 'email', type: 'email', required: true }],
    });

    // Name and description are both trimmed at their ends.
    expect(form).toMatchObject({
      name: 'Waitlist',
      description: 'Join the beta',
      formType: 'waitlist',
      uniqueEmail: true,
      usersJoinedSettings: null,
    });
    expect(await rejection(client.forms.create.mutate({ name: 'Second', formType: 'contact' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Form limit reached (1/1) for your plan',
    });
    const updated = await client.forms.update.mutate({
      formId: form.id,
      name: 'Launch list',
      description: '\tSoon ',
      settings: { usersJoined: { enabled: true } },
    });
    expect(updated).toMatchObject({
      name: 'Launch list',
      description: 'Soon',
      title: 'Launch list',
      usersJoinedSettings: { enabled: true, count: 0 },
    });
    expect((await client.forms.get.query({ formId: form.id })).name).toBe('Launch list');
    expect((await client.forms.list.query()).forms.map((item) => item.id)).toEqual([form.id]);
    expect(await client.forms.delete.mutate({ formId: form.id })).toEqual({ id: form.id, deleted: true });
    expect(await rejection(client.forms.get.query({ formId: form.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
  });

  test("submissions: list, get, delete; another user's form is refused", async () => {
    const { address } = await listeningApp();
    const alice = await signedUp(address);
    const bob = await signedUp(address);
    const form = await alice.client.forms.create.mutate({ name: 'Contact', formType: 'contact', fields: [] });
    const key = await alice.client.apiKeys.create.mutate({ name: 'site' });
    const submit = await fetch(`${address}/api/v1/forms/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.key },
      body: JSON.stringify({ formId: form.id, data: { hello: 'world' } }),
    });
    expect(submit.status).toBeLessThan(300);
    const { submissionId } = (await submit.json()) as { submissionId: string };

    const listed = await alice.client.submissions.list.query({ formId: form.id });
    expect(listed.submissions.map((submission) => [submission.id, submission.data])).toEqual([
      [submissionId, { hello: 'world' }],
    ]);
    expect((await alice.client.submissions.get.query({ formId: form.id, submissionId })).data).toEqual({
      hello: 'world',
    });
    // The REST API answers another user's form with 403; the dashboard never learns it exists.
    expect(await rejection(bob.client.submissions.list.query({ formId: form.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    expect(
      (await rejection(bob.client.submissions.delete.mutate({ formId: form.id, submissionId }))).code,
    ).toBe('NOT_FOUND');
    expect(await alice.client.submissions.delete.mutate({ formId: form.id, submissionId })).toEqual({
      id: submissionId,
      deleted: true,
    });
    expect(await rejection(alice.client.submissions.get.query({ formId: form.id, submissionId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Submission not found',
    });
  });
});

describe('staff', () => {
  test('admin procedures need the ADMIN role', async () => {
    const { address } = await listeningApp();
    const owner = await signedUp(address);
    const admin = await signedInStaff(address);

    expect(await rejection(owner.client.admin.listUsers.query())).toEqual({
      code: 'FORBIDDEN',
      message: 'Admin access required',
    });
    expect(await admin.client.admin.setUserPlan.mutate({ userId: owner.user.id, plan: 'PRO' })).toEqual({
      id: owner.user.id,
      plan: 'PRO',
      quotaLimit: 10_000,
    });
    expect((await owner.client.auth.me.query()).plan).toBe('PRO');
    expect(
      (await admin.client.admin.listUsers.query({ limit: 100 })).users.map((user) => user.email),
    ).toContain(owner.email);
  });

  test("setUserPlan refuses a team workspace's id (400, nothing changed); setWorkspacePlan sets a team's plan", async () => {
    const { address } = await listeningApp();
    const owner = await signedUp(address);
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Plan team' });
    const admin = await signedInStaff(address);

    const refused = await fetch(`${address}/trpc/admin.setUserPlan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.jar.cookie ?? '' },
      body: JSON.stringify({ userId: team.id, plan: 'PRO' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        message: ErrorMessages.TEAM_WORKSPACE_NOT_USER,
        error: ErrorMessages.TEAM_WORKSPACE_NOT_USER,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    const plans = async () =>
      Object.fromEntries(
        (await owner.client.workspace.list.query()).workspaces.map(({ id, plan }) => [id, plan]),
      );
    expect(await plans()).toEqual({ [owner.user.id]: 'FREE', [team.id]: 'FREE' });

    expect(
      await admin.client.admin.setWorkspacePlan.mutate({ workspaceId: team.id, plan: 'STANDARD' }),
    ).toEqual({
      id: team.id,
      plan: 'STANDARD',
      quotaLimit: 5000,
    });
    expect(await plans()).toEqual({ [owner.user.id]: 'FREE', [team.id]: 'STANDARD' });
    expect(
      await rejection(admin.client.admin.setUserPlan.mutate({ userId: '0'.repeat(24), plan: 'PRO' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    expect(
      await rejection(
        admin.client.admin.setWorkspacePlan.mutate({ workspaceId: '0'.repeat(24), plan: 'PRO' }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Workspace not found' });
    expect(
      await rejection(owner.client.admin.setWorkspacePlan.mutate({ workspaceId: team.id, plan: 'PRO' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Admin access required',
    });
  });
});

describe('each credential on its own transport', () => {
  test('a session cookie does not authenticate /api/v1; an API key does not authenticate /trpc', async () => {
    const { address } = await listeningApp();
    const { client, jar } = await signedUp(address);
    const key = await client.apiKeys.create.mutate({ name: 'k' });

    const restWithCookie = await fetch(`${address}/api/v1/forms/list`, {
      headers: { cookie: jar.cookie ?? '' },
    });
    expect([restWithCookie.status, ((await restWithCookie.json()) as { error: string }).error]).toEqual([
      401,
      'API key is required',
    ]);

    const rpcWithKey = await fetch(`${address}/trpc/auth.me`, { headers: { 'x-api-key': key.key } });
    expect(rpcWithKey.status).toBe(401);
    const viaRpc = await fetch(`${address}/trpc/forms.list?input=${encodeURIComponent(JSON.stringify({}))}`, {
      headers: { 'x-api-key': key.key },
    });
    expect(viaRpc.status).toBe(401);
  });
});
