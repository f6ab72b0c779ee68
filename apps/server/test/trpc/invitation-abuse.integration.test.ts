import { createWorkspace } from '@formwell/core';
import { workspaceMemberRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection, signUpAndLogIn } from './dashboard-client.js';
import { invitationTokensSentTo, loggedIn, PASSWORD } from './invitation-fixtures.js';

const INVITATION_UNUSABLE = { code: 'CONFLICT', message: 'This invitation is used, revoked or expired' };

type TSession = Awaited<ReturnType<typeof loggedIn>>;

/** The token of the only invitation email sent to `email`. */
async function onlyInvitationToken(email: string): Promise<string> {
  const tokens = await invitationTokensSentTo(email);
  expect(tokens).toHaveLength(1);

  return tokens[0] ?? '';
}

/** A team workspace of `owner` with `admin` in it as an admin (joined through an invitation). */
async function teamWithAdmin(owner: TSession, admin: TSession) {
  const team = await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name: 'Team' });
  await owner.client.workspace.switch.mutate({ workspaceId: team.id });
  await owner.client.invitations.create.mutate({ email: admin.email, role: 'admin' });
  await admin.client.invitations.accept.mutate({ token: await onlyInvitationToken(admin.email) });
  await admin.client.workspace.switch.mutate({ workspaceId: team.id });

  return team;
}

describe('invitations cannot be used to spam or to get back in', () => {
  test('an account whose own address is unverified may not invite', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const unverified = dashboardClient(address);
    await signUpAndLogIn(unverified.client, { email: uniqueEmail('unverified'), password: PASSWORD });
    const invitee = uniqueEmail('invitee');

    expect(
      await rejection(unverified.client.invitations.create.mutate({ email: invitee, role: 'member' })),
    ).toEqual({ code: 'FORBIDDEN', message: 'Verify your own email address before inviting anyone' });
    expect(await invitationTokensSentTo(invitee)).toHaveLength(0);
  });

  test('a second invitation to a pending address answers the pending one and sends no second email', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');
    const invitee = uniqueEmail('invitee');

    const first = await owner.client.invitations.create.mutate({ email: invitee, role: 'member' });
    const again = await owner.client.invitations.create.mutate({
      email: invitee.toUpperCase(),
      role: 'admin',
    });

    expect(again).toEqual(first);
    expect(await invitationTokensSentTo(invitee)).toHaveLength(1);
    expect((await owner.client.invitations.list.query()).invitations.map((each) => each.id)).toEqual([
      first.id,
    ]);
  });

  test('invitations are limited per inviter and per recipient address (429)', async () => {
    const { app } = await buildTestApp({
      RATE_LIMIT_INVITATIONS_PER_INVITER: '3/3600',
      RATE_LIMIT_ACCOUNT_EMAIL: '2/3600',
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');

    // One recipient, invited to three workspaces: the third email is refused for that recipient.
    const recipient = uniqueEmail('recipient');
    const teams = [owner.user.id];
    for (const name of ['Second', 'Third']) {
      teams.push((await createWorkspace({ config: testCoreConfig, userId: owner.user.id, name })).id);
    }
    for (const workspaceId of teams.slice(0, 2)) {
      await owner.client.workspace.switch.mutate({ workspaceId });
      await owner.client.invitations.create.mutate({ email: recipient, role: 'viewer' });
    }
    await owner.client.workspace.switch.mutate({ workspaceId: teams[2] ?? '' });
    const refusedRecipient = await rejection(
      owner.client.invitations.create.mutate({ email: recipient, role: 'viewer' }),
    );
    expect(refusedRecipient.code).toBe('TOO_MANY_REQUESTS');
    expect(refusedRecipient.message).toMatch(/^Too many emails asked for; try again in /);
    expect(await invitationTokensSentTo(recipient)).toHaveLength(2);

    // The inviter has used its three: any further address is refused for the inviter.
    const other = uniqueEmail('other');
    const refusedInviter = await rejection(
      owner.client.invitations.create.mutate({ email: other, role: 'viewer' }),
    );
    expect(refusedInviter.code).toBe('TOO_MANY_REQUESTS');
    expect(refusedInviter.message).toMatch(/^Too many invitations sent; try again in /);
    expect(await invitationTokensSentTo(other)).toHaveLength(0);
  });

  test('an account may own only so many workspaces (MAX_OWNED_WORKSPACES, its personal one included)', async () => {
    const { app } = await buildTestApp({ MAX_OWNED_WORKSPACES: '3' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');

    await owner.client.workspace.create.mutate({ name: 'Two' });
    await owner.client.workspace.create.mutate({ name: 'Three' });
    expect(await rejection(owner.client.workspace.create.mutate({ name: 'Four' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Workspace limit reached (3/3): delete or transfer one you own first',
    });
    expect((await owner.client.workspace.list.query()).workspaces).toHaveLength(3);
  });

  test("a removed admin's pending invitations are revoked: neither they nor an accomplice get in", async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');
    const admin = await loggedIn(address, 'admin');
    const accomplice = await loggedIn(address, 'accomplice');
    const team = await teamWithAdmin(owner, admin);
    const sent = await admin.client.invitations.create.mutate({ email: accomplice.email, role: 'admin' });

    await owner.client.members.remove.mutate({ userId: admin.user.id });

    expect((await owner.client.invitations.list.query()).invitations.map((each) => each.id)).not.toContain(
      sent.id,
    );
    expect(
      await rejection(
        accomplice.client.invitations.accept.mutate({ token: await onlyInvitationToken(accomplice.email) }),
      ),
    ).toEqual(INVITATION_UNUSABLE);
    expect(
      await workspaceMemberRepository.find({ workspaceId: team.id, userId: accomplice.user.id }),
    ).toBeNull();
  });

  test("an admin lowered to member loses the invitations it sent; the owner's own stay valid", async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');
    const admin = await loggedIn(address, 'admin');
    const friend = await loggedIn(address, 'friend');
    const colleague = await loggedIn(address, 'colleague');
    const team = await teamWithAdmin(owner, admin);
    await admin.client.invitations.create.mutate({ email: friend.email, role: 'admin' });
    const ownersInvitation = await owner.client.invitations.create.mutate({
      email: colleague.email,
      role: 'viewer',
    });

    await owner.client.members.changeRole.mutate({ userId: admin.user.id, role: 'member' });

    expect((await owner.client.invitations.list.query()).invitations.map((each) => each.id)).toEqual([
      ownersInvitation.id,
    ]);
    expect(
      await rejection(
        friend.client.invitations.accept.mutate({ token: await onlyInvitationToken(friend.email) }),
      ),
    ).toEqual(INVITATION_UNUSABLE);
    expect(
      await colleague.client.invitations.accept.mutate({ token: await onlyInvitationToken(colleague.email) }),
    ).toEqual({ workspaceId: team.id, role: 'viewer' });
  });

  test('accepting re-checks the inviter: a link whose sender no longer may invite is refused', async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await loggedIn(address, 'owner');
    const admin = await loggedIn(address, 'admin');
    const invitee = await loggedIn(address, 'invitee');
    const team = await teamWithAdmin(owner, admin);
    await admin.client.invitations.create.mutate({ email: invitee.email, role: 'member' });
    // The role lowered in storage without the revocation (as a change racing the invitation would
    // leave it): the link itself is still pending, so only the check at accept stands in the way.
    await workspaceMemberRepository.setRole({
      workspaceId: team.id,
      userId: admin.user.id,
      from: 'admin',
      to: 'viewer',
    });

    expect(
      await rejection(
        invitee.client.invitations.accept.mutate({ token: await onlyInvitationToken(invitee.email) }),
      ),
    ).toEqual(INVITATION_UNUSABLE);
    expect(
      await workspaceMemberRepository.find({ workspaceId: team.id, userId: invitee.user.id }),
    ).toBeNull();
  });
});
