import { ApiKeyModel, UserModel, WorkspaceModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createUser } from '../users/create-user.js';
import { authenticateApiKey } from './authenticate-api-key.js';
import { touchApiKeyLastUsed } from './touch-api-key-last-used.js';
import { createApiKey, MAX_ACTIVE_API_KEYS } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

useTestDatabase('core_api_keys');

async function failure(promise: Promise<unknown>): Promise<[number, Record<string, unknown>]> {
  const error = await appErrorOf(promise);

  return [error.httpStatus, error.toBody()];
}

describe('API keys', () => {
  test('create returns the plaintext once; only hash, prefix and last4 are stored', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const created = await createApiKey({ userId: user.id, name: 'server' });

    expect(created.key).toMatch(/^mk_live_[0-9A-Za-z]{32}$/);
    expect(created.scopes).toEqual([
      'forms:read',
      'submissions:read',
      'submissions:write',
      'analytics:read',
      'webhooks:manage',
      'forms:write',
      'submissions:delete',
    ]);
    expect(created.display).toBe(`${created.key.slice(0, 12)}…${created.key.slice(-4)}`);
    const raw = await ApiKeyModel.findById(created.id).lean();
    expect(JSON.stringify(raw)).not.toContain(created.key);
    expect(JSON.stringify(await listApiKeys({ userId: user.id }))).not.toContain(created.key);
  });

  test('validation order and exact bodies: missing → unknown → revoked → user gone', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const { key, id } = await createApiKey({ userId: user.id, name: 'k', scopes: ['forms:read'] });

    expect(await failure(authenticateApiKey({ key: undefined }))).toEqual([
      401,
      { error: 'API key is required', message: 'API key is required', code: 'UNAUTHORIZED' },
    ]);
    expect((await failure(authenticateApiKey({ key: 'mk_live_nope' })))[1]).toMatchObject({
      error: 'Invalid or inactive API key',
    });
    expect(
      (await failure(authenticateApiKey({ key: 'mk_live_nope', invalidKeyMessage: 'Invalid API key' })))[1],
    ).toMatchObject({
      error: 'Invalid API key',
    });

    const ok = await authenticateApiKey({ key });
    expect(ok).toMatchObject({
      user: { id: user.id, plan: user.plan, quotaLimit: user.quotaLimit },
      apiKey: { id, scopes: ['forms:read'] },
    });

    await revokeApiKey({ userId: user.id, keyId: id });
    // The very next lookup fails (core reads MongoDB; the servers' copies follow the auth epoch).
    expect(await failure(authenticateApiKey({ key }))).toEqual([
      401,
      { error: 'Invalid or inactive API key', message: 'Invalid or inactive API key', code: 'UNAUTHORIZED' },
    ]);

    const second = await createApiKey({ userId: user.id, name: 'k2' });
    const userNotFound = [404, { error: 'User not found', message: 'User not found', code: 'NOT_FOUND' }];
    // The account alone removed (its personal workspace, the key's tenant, left behind): the key's
    // user does not exist.
    await UserModel.deleteOne({ _id: user.id });
    expect(await failure(authenticateApiKey({ key: second.key }))).toEqual(userNotFound);
    // And with the workspace gone too, as a deletion of the account leaves it.
    await WorkspaceModel.deleteOne({ _id: user.id });
    expect(await failure(authenticateApiKey({ key: second.key }))).toEqual(userNotFound);
  });

  test('lastUsedAt is written at most once per second per key', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const { key, id } = await createApiKey({ userId: user.id, name: 'k' });
    const { apiKey } = await authenticateApiKey({ key });
    const t0 = new Date('2026-11-21T07:00:00.000Z');
    await touchApiKeyLastUsed({ keyId: id, lastUsedAt: apiKey.lastUsedAt, now: t0 });
    // A burst that all read the old value (as from a cached copy) still costs no further write.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        touchApiKeyLastUsed({ keyId: id, lastUsedAt: null, now: new Date(t0.getTime() + 10 + i * 10) }),
      ),
    );

    expect((await ApiKeyModel.findById(id).lean())?.lastUsedAt?.toISOString()).toBe(
      '2026-11-21T07:00:00.000Z',
    );
    await touchApiKeyLastUsed({ keyId: id, lastUsedAt: t0, now: new Date(t0.getTime() + 1500) });
    expect((await ApiKeyModel.findById(id).lean())?.lastUsedAt?.toISOString()).toBe(
      '2026-11-21T07:00:01.500Z',
    );
  });

  test('revoking someone else’s key is a 404, and at most 20 active keys', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const other = await createUser({ config: testConfig, input: { email: testEmail() } });
    const { id } = await createApiKey({ userId: user.id, name: 'k' });

    expect((await failure(revokeApiKey({ userId: other.id, keyId: id })))[0]).toBe(404);
    for (let i = 1; i < MAX_ACTIVE_API_KEYS; i++) {
      await createApiKey({ userId: user.id, name: `k${i}` });
    }
    expect((await failure(createApiKey({ userId: user.id, name: 'one too many' })))[0]).toBe(403);
    await revokeApiKey({ userId: user.id, keyId: id });
    await createApiKey({ userId: user.id, name: 'replacement' });
  });
});
