import { createHash } from 'node:crypto';

import {
  addMember,
  changeMemberRole,
  createForm,
  createWorkspace,
  removeMember,
  setUserPlan,
  switchSessionWorkspace,
} from '@formwell/core';
import { dashboardSessionRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection, signUpAndLogIn } from './dashboard-client.js';

const PASSWORD = 'correct horse battery';
const ROLE_NOT_ALLOWED = 'Your role in this workspace does not allow this';

async function signedUp(address: string) {
  const session = dashboardClient(address);
  const email = uniqueEmail('member');
  const { user } = await signUpAndLogIn(session.client, { email, password: PASSWORD });

  return { ...session, user, email };
}

/** The stored session behind a client's cookie (what the dashboard's switcher acts on). */
async function sessionIdOf(cookie: string | null): Promise<string> {
  const token = decodeURIComponent((cookie ?? '').split('=')[1] ?? '');
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  const session = await dashboardSessionRepository.findActiveByHash({ tokenHash, now: new Date() });
  if (!session) {
    throw new Error('no session behind the cookie');
  }

  return session.id;
}

const formInput = { name: 'Team form', formType: 'contact' as const, fields: [] };

describe('a workspace shared by two users, through the dashboard procedures', () => {
  test('a viewer reads but cannot write; promoted it writes; removed, its next request no longer reaches the workspace', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signedUp(address);
    const colleague = await signedUp(address);
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Shared' });
    await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'PRO' });
    const teamForm = await createForm({ config: testCoreConfig, userId: team.id, input: formInput });
    const personalForm = await createForm({
      config: testCoreConfig,
      userId: colleague.user.id,
      input: { ...formInput, name: 'Mine' },
    });

    await addMember({
      actor: { userId: owner.user.id },
      workspaceId: team.id,
      email: colleague.email,
      role: 'viewer',
    });
    await switchSessionWorkspace({
      sessionId: await sessionIdOf(colleague.jar.cookie),
      userId: colleague.user.id,
      workspaceId: team.id,
    });

    // A viewer reads the workspace's forms, and only those (its own personal form is another tenant).
    const listed = await colleague.client.forms.list.query({});
    expect(listed.forms.map((form) => form.id)).toEqual([teamForm.id]);
    expect((await colleague.client.forms.get.query({ formId: teamForm.id })).id).toBe(teamForm.id);
    expect(await rejection(colleague.client.forms.get.query({ formId: personalForm.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    // ...and every write is refused by the server, whatever the dashboard shows.
    expect(await rejection(colleague.client.forms.create.mutate(formInput))).toEqual({
      code: 'FORBIDDEN',
      message: ROLE_NOT_ALLOWED,
    });
    expect(await rejection(colleague.client.forms.delete.mutate({ formId: teamForm.id }))).toEqual({
      code: 'FORBIDDEN',
      message: ROLE_NOT_ALLOWED,
    });
    expect(await rejection(colleague.client.apiKeys.create.mutate({ name: 'k' }))).toEqual({
      code: 'FORBIDDEN',
      message: ROLE_NOT_ALLOWED,
    });
    expect(await rejection(colleague.client.billing.startCheckout.mutate({ plan: 'PRO' }))).toEqual({
      code: 'FORBIDDEN',
      message: ROLE_NOT_ALLOWED,
    });

    // Promoted to member: the very next request may write, in the team workspace.
    await changeMemberRole({
      actor: { userId: owner.user.id },
      workspaceId: team.id,
      userId: colleague.user.id,
      role: 'member',
    });
    const created = await colleague.client.forms.create.mutate({ ...formInput, name: 'Made by member' });
    expect((await owner.client.forms.list.query({})).forms).toEqual([]);
    const ownerView = await switchSessionWorkspace({
      sessionId: await sessionIdOf(owner.jar.cookie),
      userId: owner.user.id,
      workspaceId: team.id,
    });
    expect(ownerView.role).toBe('owner');
    expect((await owner.client.forms.list.query({})).forms.map((form) => form.id).sort()).toEqual(
      [teamForm.id, created.id].sort(),
    );

    // A member cannot manage members (nor remove the owner).
    const refused = await removeMember({
      actor: { userId: colleague.user.id },
      workspaceId: team.id,
      userId: owner.user.id,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: ROLE_NOT_ALLOWED });

    // Removed: the next request of the open session no longer reaches the team's forms.
    await removeMember({ actor: { userId: owner.user.id }, workspaceId: team.id, userId: colleague.user.id });
    expect(await rejection(colleague.client.forms.get.query({ formId: teamForm.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    expect((await colleague.client.forms.list.query({})).forms.map((form) => form.id)).toEqual([
      personalForm.id,
    ]);
  });
});

describe("a member's session follows the workspace's plan, not the member's own", () => {
  test('a FREE account reads the analytics of a STANDARD team it views, and its own FREE forms stay gated', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signedUp(address);
    const viewer = await signedUp(address);
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Paid team' });
    await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'STANDARD' });
    const teamForm = await createForm({ config: testCoreConfig, userId: team.id, input: formInput });
    const ownForm = await createForm({
      config: testCoreConfig,
      userId: viewer.user.id,
      input: { ...formInput, name: 'Mine' },
    });
    await addMember({
      actor: { userId: owner.user.id },
      workspaceId: team.id,
      email: viewer.email,
      role: 'viewer',
    });

    // In its personal workspace the FREE plan applies.
    expect(await rejection(viewer.client.forms.analytics.query({ formId: ownForm.id }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Analytics are only available with the STANDARD or PRO plan',
    });

    // Switched to the team: the team's form, under the team's plan (it was 404 for a member before).
    await viewer.client.workspace.switch.mutate({ workspaceId: team.id });
    const analytics = await viewer.client.forms.analytics.query({ formId: teamForm.id });
    expect(analytics.totalSubmissions).toBe(0);
  });
});

describe("a member's own paid plan gives nothing in a team workspace", () => {
  test("a PRO account in a FREE team is gated as the team is, and the team's downgrade applies on the next request", async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signedUp(address);
    const member = await signedUp(address);
    await setUserPlan({ config: testCoreConfig, userId: member.user.id, plan: 'PRO' });
    const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Free team' });
    const teamForm = await createForm({ config: testCoreConfig, userId: team.id, input: formInput });
    await addMember({
      actor: { userId: owner.user.id },
      workspaceId: team.id,
      email: member.email,
      role: 'member',
    });
    const analyticsGated = {
      code: 'FORBIDDEN',
      message: 'Analytics are only available with the STANDARD or PRO plan',
    };

    await member.client.workspace.switch.mutate({ workspaceId: team.id });
    expect(await rejection(member.client.forms.analytics.query({ formId: teamForm.id }))).toEqual(
      analyticsGated,
    );

    // The team pays, then stops paying (as a billing downgrade does): the same session follows.
    await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'STANDARD' });
    expect((await member.client.forms.analytics.query({ formId: teamForm.id })).totalSubmissions).toBe(0);
    await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'FREE' });
    expect(await rejection(member.client.forms.analytics.query({ formId: teamForm.id }))).toEqual(
      analyticsGated,
    );
  });
});
