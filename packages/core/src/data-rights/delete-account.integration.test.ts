import { ApiKeyModel, UserModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { registerAuthEpochStore } from '../api-keys/auth-epoch.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { createUser } from '../users/create-user.js';
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
