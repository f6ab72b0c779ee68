import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

import {
  ApiKeyModel,
  FormModel,
  uploadedFileRepository,
  WorkspaceInvitationModel,
  WorkspaceMemberModel,
  WorkspaceModel,
} from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { authenticateApiKey } from '../api-keys/authenticate-api-key.js';
import { registerAuthEpochStore } from '../api-keys/auth-epoch.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { storageOf } from '../files/process-file-storage.js';
import { createForm } from '../forms/create-form.js';
import { listForms } from '../forms/list-forms.js';
import { createSession } from '../sessions/create-session.js';
import { verifySession } from '../sessions/verify-session.js';
import { createUser } from '../users/create-user.js';
import { addMember } from './add-member.js';
import { createWorkspace } from './create-workspace.js';
import { deleteWorkspace } from './delete-workspace.js';
import { createInvitation } from './invitations.js';
import { listMembers } from './list-members.js';
import { sessionWorkspace, switchSessionWorkspace } from './session-workspace.js';
import { workspaceMemberOf } from './workspace-member-of.js';

useTestDatabase('core_delete_workspace');

const newUser = (label: string) => createUser({ config: testConfig, input: { email: testEmail(label) } });

/** A team workspace of `ownerId` with a form, a key, one member of each lower role and a pending invitation. */
async function teamWithEverything(ownerId: string, name: string) {
  const team = await createWorkspace({ config: testConfig, userId: ownerId, name });
  const form = await createForm({
    config: testConfig,
    userId: team.id,
    input: { name: `${name} form`, formType: 'contact' },
  });
  const key = await createApiKey({ userId: team.id, name: `${name} key` });
  const members = {
    admin: await newUser('admin'),
    member: await newUser('member'),
    viewer: await newUser('viewer'),
  };
  for (const [role, user] of Object.entries(members)) {
    await addMember({ actor: null, workspaceId: team.id, email: user.email, role });
  }
  await createInvitation({
    config: testConfig,
    mail: { producer: null },
    actorId: ownerId,
    workspaceId: team.id,
    email: testEmail('invitee'),
    role: 'viewer',
  });

  return { team, form, key, members };
}

describe('deleting a workspace', () => {
  test("its owner deletes it whole: data, members, invitations; members' sessions fall back home; other workspaces untouched", async () => {
    const owner = await newUser('owner');
    const { team, form, key, members } = await teamWithEverything(owner.id, 'Doomed');
    // What must survive: the owner's personal workspace, and another team the admin also works in.
    const ownForm = await createForm({
      config: testConfig,
      userId: owner.id,
      input: { name: 'Personal form', formType: 'contact' },
    });
    const otherOwner = await newUser('other-owner');
    const other = await teamWithEverything(otherOwner.id, 'Kept');
    await addMember({ actor: null, workspaceId: other.team.id, email: owner.email, role: 'member' });
    const keptMembers = await listMembers({ workspaceId: other.team.id });
    // The member's dashboard session works in the doomed workspace.
    const { token } = await createSession({ userId: members.member.id });
    const session = await verifySession({ token });
    await switchSessionWorkspace({
      sessionId: session.sessionId,
      userId: members.member.id,
      workspaceId: team.id,
    });
    const bumped: string[] = [];
    const unregister = registerAuthEpochStore({
      set: (epochKey) => {
        bumped.push(epochKey);

        return Promise.resolve('OK');
      },
    });

    let result;
    try {
      result = await deleteWorkspace({
        actor: { userId: owner.id },
        workspaceId: team.id,
        confirmName: ' Doomed ',
      });
    } finally {
      unregister();
    }

    expect(result).toMatchObject({ id: team.id, deleted: true });
    // The owner's membership and the three others; the one pending invitation.
    expect(result.removed).toMatchObject({
      workspaces: 1,
      workspace_members: 4,
      workspace_invitations: 1,
      forms: 1,
      api_keys: 1,
      users: 0,
    });
    expect(await WorkspaceModel.exists({ _id: team.id })).toBeNull();
    expect(await WorkspaceMemberModel.countDocuments({ workspaceId: team.id })).toBe(0);
    expect(await WorkspaceInvitationModel.countDocuments({ workspaceId: team.id })).toBe(0);
    expect(await FormModel.exists({ _id: form.id })).toBeNull();
    expect(await appErrorOf(authenticateApiKey({ key: key.key }))).toMatchObject({ code: 'UNAUTHORIZED' });
    // Replicas' cached keys of the workspace are retired.
    expect(bumped.filter((epochKey) => epochKey.includes(team.id)).length).toBeGreaterThan(0);
    // Every former member's next request finds no workspace; the session falls back home, no error.
    for (const user of Object.values(members)) {
      expect(await appErrorOf(workspaceMemberOf({ userId: user.id, workspaceId: team.id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Workspace not found',
      });
    }
    expect(
      await sessionWorkspace({
        sessionId: session.sessionId,
        userId: members.member.id,
        workspaceId: team.id,
      }),
    ).toEqual({ workspaceId: members.member.id, role: 'owner', plan: 'FREE', quotaLimit: 200 });
    expect((await verifySession({ token })).workspaceId).toBe(members.member.id);

    // The owner keeps the account, its personal workspace and its seat elsewhere; the other team
    // keeps everything.
    expect((await listForms({ userId: owner.id })).forms.map((each) => each.id)).toEqual([ownForm.id]);
    expect(await workspaceMemberOf({ userId: owner.id, workspaceId: owner.id })).toMatchObject({
      role: 'owner',
    });
    expect(await listMembers({ workspaceId: other.team.id })).toEqual(keptMembers);
    expect(await FormModel.exists({ _id: other.form.id })).not.toBeNull();
    expect((await authenticateApiKey({ key: other.key.key })).user.id).toBe(other.team.id);
    expect(await WorkspaceInvitationModel.countDocuments({ workspaceId: other.team.id })).toBe(1);
    // The personal workspaces of the former members are theirs as before.
    for (const user of Object.values(members)) {
      expect(await workspaceMemberOf({ userId: user.id, workspaceId: user.id })).toMatchObject({
        role: 'owner',
      });
    }
  });

  test('refused, with nothing deleted: lower roles (403), non-members (404), the personal workspace (409), a wrong name (400)', async () => {
    const owner = await newUser('owner');
    const { team, form, members } = await teamWithEverything(owner.id, 'Guarded');
    const outsider = await newUser('outsider');
    const attempt = (userId: string, confirmName = 'Guarded', workspaceId = team.id) =>
      appErrorOf(deleteWorkspace({ actor: { userId }, workspaceId, confirmName }));

    for (const user of Object.values(members)) {
      expect(await attempt(user.id)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Your role in this workspace does not allow this',
      });
    }
    for (const id of [team.id, '0123456789abcdef01234567', 'not-an-id']) {
      expect(await attempt(outsider.id, 'Guarded', id)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Workspace not found',
      });
    }
    expect(await attempt(owner.id, `${owner.email}'s workspace`, owner.id)).toMatchObject({
      code: 'CONFLICT',
      message: 'A personal workspace goes only with its account: delete the account instead',
    });
    // The operator too: a personal workspace goes only with its account.
    expect(
      await appErrorOf(
        deleteWorkspace({ actor: null, workspaceId: owner.id, confirmName: `${owner.email}'s workspace` }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
    for (const typed of ['guarded', 'Guarded team', '']) {
      expect(await attempt(owner.id, typed)).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Type the workspace name exactly to confirm the deletion',
      });
    }

    expect(await WorkspaceModel.exists({ _id: team.id })).not.toBeNull();
    expect(await WorkspaceMemberModel.countDocuments({ workspaceId: team.id })).toBe(4);
    expect(await WorkspaceInvitationModel.countDocuments({ workspaceId: team.id })).toBe(1);
    expect(await FormModel.exists({ _id: form.id })).not.toBeNull();
    expect(await ApiKeyModel.countDocuments({ userId: team.id })).toBe(1);
    expect(await WorkspaceModel.exists({ _id: owner.id })).not.toBeNull();
  });

  test('an upload that lands while the deletion runs (its keys already gone) leaves no bytes behind', async () => {
    const owner = await newUser('owner');
    const { team, form } = await teamWithEverything(owner.id, 'Uploading');
    const gridfs = storageOf({ storage: 'gridfs' });
    const fileId = randomBytes(12).toString('hex');
    // A submitter's file arriving through the form's public page (or a replica's cached key) in the
    // middle of the deletion: at its first epoch bump, made once the keys are gone and before the
    // forms go.
    let landed = false;
    const unregister = registerAuthEpochStore({
      set: async () => {
        if (!landed) {
          landed = true;
          await uploadedFileRepository.begin({
            id: fileId,
            workspaceId: team.id,
            formId: form.id,
            field: 'cv',
            name: 'cv.pdf',
            contentType: 'application/pdf',
            storage: 'gridfs',
          });
          await gridfs.write({ fileId, name: 'cv.pdf', source: Readable.from([Buffer.from('%PDF-secret')]) });
        }

        return 'OK';
      },
    });
    try {
      await deleteWorkspace({ actor: { userId: owner.id }, workspaceId: team.id, confirmName: 'Uploading' });
    } finally {
      unregister();
    }

    expect(landed).toBe(true);
    expect(await uploadedFileRepository.listOfWorkspace(team.id)).toEqual([]);
    // The bytes went too: nothing is left that no record points at (no sweep could find them).
    await expect(gridfs.read(fileId)).rejects.toThrow(/no stored bytes/);
  });
});
