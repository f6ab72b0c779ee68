import { UserModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createUser } from '../users/create-user.js';
import { createApiKey, MAX_ACTIVE_API_KEYS } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

useTestDatabase('core_api_key_cap');

describe('the 20-active-keys cap', () => {
  test('30 concurrent creates: exactly 20 succeed, the others are 403', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => createApiKey({ userId: user.id, name: `k${i}` })),
    );

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_ACTIVE_API_KEYS);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(10);
    const error = await appErrorOf(createApiKey({ userId: user.id, name: 'late' }));
    expect([error.httpStatus, error.message]).toEqual([403, 'API key limit reached (20/20 active keys)']);
    expect((await listApiKeys({ userId: user.id })).apiKeys.filter((k) => k.isActive)).toHaveLength(20);
  });

  test('revoking frees exactly one slot, however often it is repeated', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const keys = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) {
      keys.push(await createApiKey({ userId: user.id, name: `k${i}` }));
    }
    const first = keys[0]?.id ?? '';
    await Promise.all([1, 2, 3].map(() => revokeApiKey({ userId: user.id, keyId: first })));
    await createApiKey({ userId: user.id, name: 'replacement' });

    expect((await appErrorOf(createApiKey({ userId: user.id, name: 'one too many' }))).httpStatus).toBe(403);
  });

  test('an account without the counter gets it from a count of its active keys', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    for (let i = 0; i < 19; i++) {
      await createApiKey({ userId: user.id, name: `k${i}` });
    }
    await UserModel.collection.updateOne({ email: user.email }, { $unset: { activeKeyCount: '' } });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => createApiKey({ userId: user.id, name: `late${i}` })),
    );

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
