import { createForm, createWorkspace, listApiKeys, listForms, setUserPlan } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { rejection } from './dashboard-client.js';
import { invitationTokensSentTo, loggedIn } from './invitation-fixtures.js';

const ROLE_NOT_ALLOWED = { code: 'FORBIDDEN', message: 'Your role in this workspace does not allow this' };
const WORKSPACE_NOT_FOUND = { code: 'NOT_FOUND', message: 'Workspace not found' };
const FORM_NOT_FOUND = { code: 'NOT_FOUND', message: 'Form not found' };

/** A workspace owned by `owner` (on PRO, so its forms take any setting) with one form. */
async function teamWithForm(ownerId: string, name: string) {
  const team = await createWorkspace({ config: testCoreConfig, userId: ownerId, name });
  await setUserPlan({ config: testCoreConfig, userId: team.id, plan: 'PRO' });
  const form = await createForm({
    config: testCoreConfig,
    userId: team.id,
    input: { name: `${name} form`, formType: 'contact', fields: [] },
  });

  return { team, form };
}

describe('the dashboard procedures of workspaces', () => {
  test('a member of two workspaces reads and writes only the one its session is in; a switch elsewhere is refused', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const alice = await loggedIn(address, 'alice');
    const bob = await loggedIn(address, 'bob');
    const carol = await loggedIn(address, 'carol');
    const a = await teamWithForm(alice.user.id, 'Alpha');
    const b = await teamWithForm(bob.user.id, 'Beta');
    // Dave's workspace, which carol does not belong to.
    const dave = await loggedIn(address, 'dave');

    // Carol joins both through invitations, as a member in each.
    for (const [owner, team] of [
      [alice, a.team],
      [bob, b.team],
    ] as const) {
      await owner.client.workspace.switch.mutate({ workspaceId: team.id });
      await owner.client.invitations.create.mutate({ email: carol.email, role: 'member' });
    }
    const tokens = await invitationTokensSentTo(carol.email);
    expect(tokens).toHaveLength(2);
    const joined = [];
    for (const token of tokens) {
      joined.push(await carol.client.invitations.accept.mutate({ token }));
    }
    expect(joined.map((entry) => entry.workspaceId).sort()).toEqual([a.team.id, b.team.id].sort());
    const listed = await carol.client.workspace.list.query();
    expect(listed.workspaces.map((workspace) => [workspace.id, workspace.role])).toEqual([
      [carol.user.id, 'owner'],
      [a.team.id, 'member'],
      [b.team.id, 'member'],
    ]);

    // In A: A's form only; B's ids answer as unknown, for reads and writes alike.
    await carol.client.workspace.switch.mutate({ workspaceId: a.team.id });
    expect((await carol.client.workspace.get.query()).id).toBe(a.team.id);
    expect((await carol.client.forms.list.query({})).forms.map((form) => form.id)).toEqual([a.form.id]);
    expect(await rejection(carol.client.forms.get.query({ formId: b.form.id }))).toEqual(FORM_NOT_FOUND);
    expect(await rejection(carol.client.submissions.list.query({ formId: b.form.id }))).toEqual(
      FORM_NOT_FOUND,
    );
    expect(
      await rejection(carol.client.forms.update.mutate({ formId: b.form.id, name: 'Taken over' })),
    ).toEqual(FORM_NOT_FOUND);
    expect(await rejection(carol.client.forms.delete.mutate({ formId: b.form.id }))).toEqual(FORM_NOT_FOUND);
    expect(
      await rejection(
        carol.client.webhooks.create.mutate({ formId: b.form.id, url: 'https://hooks.example.com/x' }),
      ),
    ).toEqual(FORM_NOT_FOUND);
    // What carol makes in A is A's.
    const made = await carol.client.forms.create.mutate({
      name: 'Made in A',
      formType: 'contact',
      fields: [],
    });
    const key = await carol.client.apiKeys.create.mutate({ name: 'carol in A' });
    expect((await listForms({ userId: a.team.id })).forms.map((form) => form.id)).toContain(made.id);
    expect((await listForms({ userId: b.team.id })).forms.map((form) => form.id)).toEqual([b.form.id]);
    expect((await listApiKeys({ userId: a.team.id })).apiKeys.map((each) => each.id)).toEqual([key.id]);
    expect((await listApiKeys({ userId: b.team.id })).apiKeys).toEqual([]);
    // Members of A only; B's member ids are unknown here.
    expect((await carol.client.members.list.query()).members.map((member) => member.email).sort()).toEqual(
      [alice.email, carol.email].sort(),
    );
    expect(await rejection(carol.client.members.remove.mutate({ userId: bob.user.id }))).toEqual(
      ROLE_NOT_ALLOWED,
    );

    // Switched to B: B's data, and A's form is the unknown one now.
    await carol.client.workspace.switch.mutate({ workspaceId: b.team.id });
    expect((await carol.client.forms.list.query({})).forms.map((form) => form.id)).toEqual([b.form.id]);
    expect(await rejection(carol.client.forms.get.query({ formId: a.form.id }))).toEqual(FORM_NOT_FOUND);

    // A workspace carol does not belong to, or no workspace at all: refused as unknown, and the
    // session stays where it was.
    expect(await rejection(carol.client.workspace.switch.mutate({ workspaceId: dave.user.id }))).toEqual(
      WORKSPACE_NOT_FOUND,
    );
    expect(
      await rejection(carol.client.workspace.switch.mutate({ workspaceId: '0123456789abcdef01234567' })),
    ).toEqual(WORKSPACE_NOT_FOUND);
    expect(await rejection(carol.client.workspace.switch.mutate({ workspaceId: 'not-an-id' }))).toEqual(
      WORKSPACE_NOT_FOUND,
    );
    expect((await carol.client.workspace.get.query()).id).toBe(b.team.id);
    expect((await carol.client.workspace.list.query()).current).toMatchObject({
      id: b.team.id,
      role: 'member',
    });
  });

  test('members and invitations: who may manage, what the owner may not do, and what an invitation link allows', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');
    const helper = await loggedIn(address, 'helper');
    const outsider = await loggedIn(address, 'outsider');
    const { team } = await teamWithForm(owner.user.id, 'Gamma');
    await owner.client.workspace.switch.mutate({ workspaceId: team.id });

    const invitation = await owner.client.invitations.create.mutate({ email: helper.email, role: 'viewer' });
    expect(invitation).toMatchObject({ email: helper.email, role: 'viewer' });
    expect((await owner.client.invitations.list.query()).invitations.map((each) => each.id)).toEqual([
      invitation.id,
    ]);
    const [token = ''] = await invitationTokensSentTo(helper.email);
    // Another account cannot use the link; the invitee can, once.
    expect(await rejection(outsider.client.invitations.accept.mutate({ token }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This invitation was sent to another email address',
    });
    expect(await helper.client.invitations.accept.mutate({ token })).toEqual({
      workspaceId: team.id,
      role: 'viewer',
    });
    expect(await rejection(helper.client.invitations.accept.mutate({ token }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect((await owner.client.invitations.list.query()).invitations).toEqual([]);
    // Inviting a member again is refused.
    expect(
      await rejection(owner.client.invitations.create.mutate({ email: helper.email, role: 'admin' })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'This user is already a member of the workspace',
    });

    // A viewer reads the members but manages nothing.
    await helper.client.workspace.switch.mutate({ workspaceId: team.id });
    expect((await helper.client.workspace.list.query()).current).toEqual({
      id: team.id,
      role: 'viewer',
      can: { write: false, members: false, billing: false },
    });
    expect(
      (await helper.client.members.list.query()).members.map((member) => [member.email, member.role]),
    ).toEqual([
      [owner.email, 'owner'],
      [helper.email, 'viewer'],
    ]);
    expect(await rejection(helper.client.invitations.list.query())).toEqual(ROLE_NOT_ALLOWED);
    expect(
      await rejection(helper.client.invitations.create.mutate({ email: uniqueEmail('x'), role: 'viewer' })),
    ).toEqual(ROLE_NOT_ALLOWED);
    expect(
      await rejection(helper.client.members.changeRole.mutate({ userId: helper.user.id, role: 'admin' })),
    ).toEqual(ROLE_NOT_ALLOWED);

    // Raised to admin: manages members, but cannot remove the owner nor hand the workspace over.
    await owner.client.members.changeRole.mutate({ userId: helper.user.id, role: 'admin' });
    expect((await helper.client.workspace.list.query()).current.can).toEqual({
      write: true,
      members: true,
      billing: false,
    });
    expect(await rejection(helper.client.members.remove.mutate({ userId: owner.user.id }))).toEqual(
      ROLE_NOT_ALLOWED,
    );
    expect(
      await rejection(helper.client.members.transferOwnership.mutate({ userId: helper.user.id })),
    ).toEqual(ROLE_NOT_ALLOWED);
    const pending = await helper.client.invitations.create.mutate({
      email: uniqueEmail('later'),
      role: 'member',
    });
    expect(await helper.client.invitations.revoke.mutate({ id: pending.id })).toEqual({
      id: pending.id,
      revoked: true,
    });
    expect(await rejection(helper.client.invitations.revoke.mutate({ id: pending.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Invitation not found',
    });
    // The owner role changes hands only by a transfer; the owner cannot leave before one.
    expect(
      await rejection(owner.client.members.changeRole.mutate({ userId: helper.user.id, role: 'owner' })),
    ).toMatchObject({ code: 'CONFLICT' });
    expect(await rejection(owner.client.members.leave.mutate())).toEqual({
      code: 'CONFLICT',
      message: 'The owner cannot leave or be removed: transfer the ownership first',
    });

    // The transfer: the helper owns it, the old owner stays as an admin and may now leave.
    expect(await owner.client.members.transferOwnership.mutate({ userId: helper.user.id })).toEqual({
      workspaceId: team.id,
      ownerId: helper.user.id,
    });
    expect((await owner.client.workspace.list.query()).current.role).toBe('admin');
    expect(await owner.client.members.leave.mutate()).toMatchObject({ userId: owner.user.id, removed: true });
    // The session falls back to the owner's personal workspace on the next request.
    expect((await owner.client.workspace.get.query()).id).toBe(owner.user.id);
    expect((await helper.client.members.list.query()).members.map((member) => member.role)).toEqual([
      'owner',
    ]);
  });
});
