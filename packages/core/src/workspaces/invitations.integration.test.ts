import { createHash } from 'node:crypto';

import { WorkspaceInvitationModel, workspaceMemberRepository } from '@formwell/db';
import type { TJobProducer } from '@formwell/jobs';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createUser } from '../users/create-user.js';
import { acceptInvitation, createInvitation, listInvitations, revokeInvitation } from './invitations.js';

useTestDatabase('core_invitations');

/** Records what would be handed to the worker: the job names the stored message's id only. */
function recordingMail() {
  const jobs: unknown[] = [];
  const producer = {
    enqueue: (_contract: unknown, data: unknown) => {
      jobs.push(data);

      return Promise.resolve();
    },
  } as unknown as TJobProducer;

  return { mail: { producer }, jobs };
}

const failure = (promise: Promise<unknown>) => promise.then(() => null).catch((error: unknown) => error);

describe('workspace invitations', () => {
  test('single-use, for the invited address only; replayed, revoked or expired links are refused', async () => {
    const owner = await createUser({ config: testConfig, input: { email: testEmail() } });
    const invitee = await createUser({ config: testConfig, input: { email: testEmail() } });
    const stranger = await createUser({ config: testConfig, input: { email: testEmail() } });
    const { mail, jobs } = recordingMail();
    const now = new Date('2026-12-01T10:00:00.000Z');

    const invitation = await createInvitation({
      config: testConfig,
      mail,
      actorId: owner.id,
      workspaceId: owner.id,
      email: invitee.email.toUpperCase(),
      role: 'viewer',
      now,
    });
    expect(invitation).toMatchObject({ email: invitee.email, role: 'viewer' });
    expect(jobs).toHaveLength(1);
    // The job carries an id, never the link.
    expect(JSON.stringify(jobs)).not.toMatch(/token=/);
    expect(await listInvitations({ actorId: owner.id, workspaceId: owner.id, now })).toHaveLength(1);

    // The emailed token is only known to the mail; the test swaps in one it knows.
    const token = 'known-token-for-the-test';
    await WorkspaceInvitationModel.updateOne(
      { _id: invitation.id },
      { $set: { tokenHash: createHash('sha256').update(token, 'utf8').digest('hex') } },
    );

    expect(await failure(acceptInvitation({ userId: stranger.id, token, now }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation was sent to another email address',
    });
    expect(await acceptInvitation({ userId: invitee.id, token, now })).toEqual({
      workspaceId: owner.id,
      role: 'viewer',
    });
    expect(await workspaceMemberRepository.find({ workspaceId: owner.id, userId: invitee.id })).toMatchObject(
      {
        role: 'viewer',
      },
    );
    // Replayed: already a member; by anyone else: used up.
    expect(await failure(acceptInvitation({ userId: invitee.id, token, now }))).toMatchObject({
      code: 'CONFLICT',
    });
    // An invitation to an address that already belongs to the workspace is refused.
    expect(
      await failure(
        createInvitation({
          config: testConfig,
          mail,
          actorId: owner.id,
          workspaceId: owner.id,
          email: invitee.email,
          role: 'member',
          now,
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: 'This user is already a member of the workspace' });
    // A viewer may not invite.
    expect(
      await failure(
        createInvitation({
          config: testConfig,
          mail,
          actorId: invitee.id,
          workspaceId: owner.id,
          email: stranger.email,
          role: 'member',
          now,
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: 'Your role in this workspace does not allow this' });

    // Expired after 7 days; revoked at once.
    const later = await createInvitation({
      config: testConfig,
      mail,
      actorId: owner.id,
      workspaceId: owner.id,
      email: stranger.email,
      role: 'member',
      now,
    });
    const expiredToken = 'expired-token-for-the-test';
    await WorkspaceInvitationModel.updateOne(
      { _id: later.id },
      { $set: { tokenHash: createHash('sha256').update(expiredToken, 'utf8').digest('hex') } },
    );
    const eightDaysOn = new Date(now.getTime() + 8 * 24 * 3600 * 1000);
    expect(
      await failure(acceptInvitation({ userId: stranger.id, token: expiredToken, now: eightDaysOn })),
    ).toMatchObject({ code: 'CONFLICT', message: 'This invitation is used, revoked or expired' });
    expect(
      await revokeInvitation({ actorId: owner.id, workspaceId: owner.id, invitationId: later.id, now }),
    ).toEqual({
      id: later.id,
      revoked: true,
    });
    expect(await failure(acceptInvitation({ userId: stranger.id, token: expiredToken, now }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(
      await failure(acceptInvitation({ userId: stranger.id, token: 'never-issued', now })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Invitation not found',
    });
  });
});
