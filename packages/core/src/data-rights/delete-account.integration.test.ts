import { ApiKeyModel, FormModel, UserModel, WorkspaceMemberModel, WorkspaceModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { registerAuthEpochStore } from '../api-keys/auth-epoch.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { createForm } from '../forms/create-form.js';
import { createUser } from '../users/create-user.js';
import { addMember } from '../workspaces/add-member.js';
import { createWorkspace } from '../workspaces/create-workspace.js';
import { deleteAccount } from './delete-account.js';

useTestDatabase('core_delete_account');

test('the auth epoch is bumped as soon as the keys are gone, before the account record, and again at the end', async () => {
  const email = testEmail('deleted');
  const user = await createUser({ config: testConfig, input: { email, password: 'correct horse' } });
  await createApiKey({ userId: user.id, name: 'k' });
  // What the database held at each bump (the store is the Redis port: here it records instead).
  const atBumps: { keys: number; userExists: boolean }[] = [];
  const unregister = registerAuthEpochStore({
    set: async () => {
      atBumps.push({
        keys: await ApiKeyModel.countDocuments({ userId: user.id }),
        userExists: (await UserModel.exists({ _id: user.id })) !== null,
      });

      return 'OK';
    },
  });
  try {
    await deleteAccount({ userId: user.id, confirmEmail: email });
  } finally {
    unregister();
  }

  expect(atBumps).toEqual([
    { keys: 0, userExists: true },
    { keys: 0, userExists: false },
  ]);
});

test('a team workspace the account owns alone goes with it; one other people use must be handed over first', async () => {
  const email = testEmail('team-owner');
  const user = await createUser({ config: testConfig, input: { email, password: 'correct horse' } });
  const alone = await createWorkspace({ config: testConfig, userId: user.id, name: 'Solo' });
  const form = await createForm({
    config: testConfig,
    userId: alone.id,
    input: { name: 'Solo form', formType: 'contact' },
  });
  await createApiKey({ userId: alone.id, name: 'solo key' });
  const shared = await createWorkspace({ config: testConfig, userId: user.id, name: 'Shared' });
  const colleagueEmail = testEmail('colleague');
  await createUser({ config: testConfig, input: { email: colleagueEmail, password: 'correct horse' } });
  await addMember({ actor: null, workspaceId: shared.id, email: colleagueEmail, role: 'member' });

  // Refused before anything is deleted: the shared workspace would be left without an owner.
  await expect(deleteAccount({ userId: user.id, confirmEmail: email })).rejects.toMatchObject({
    code: 'CONFLICT',
    message:
      'This account owns the workspace "Shared", which has other members: transfer its ownership first',
  });
  expect(await UserModel.exists({ _id: user.id })).not.toBeNull();
  expect(await FormModel.exists({ _id: form.id })).not.toBeNull();

  await WorkspaceMemberModel.deleteMany({ workspaceId: shared.id, role: { $ne: 'owner' } });
  const { removed } = await deleteAccount({ userId: user.id, confirmEmail: email });

  // Nothing of either workspace is left: no record, no membership, no form, no key that still works.
  const ids = [alone.id, shared.id];
  expect(await WorkspaceModel.countDocuments({ _id: { $in: ids } })).toBe(0);
  expect(await WorkspaceMemberModel.countDocuments({ workspaceId: { $in: ids } })).toBe(0);
  expect(await FormModel.exists({ _id: form.id })).toBeNull();
  expect(await ApiKeyModel.countDocuments({ userId: alone.id })).toBe(0);
  expect(removed).toMatchObject({ forms: 1, api_keys: 1, workspaces: 3, users: 1 });
});
