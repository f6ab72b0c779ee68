import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { ApiKeyModel } from '../models/api-key.js';
import { apiKeyRepository } from './api-key.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_api_key') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

function newKey(userId: string, keyHash = new Types.ObjectId().toString().padEnd(64, '0')) {
  return apiKeyRepository.create({
    userId,
    name: 'test',
    keyHash,
    prefix: 'mk_live_abcd',
    last4: 'wxyz',
    scopes: ['forms:read'],
  });
}

describe('apiKeyRepository', () => {
  test('keyHash is unique', async () => {
    const userId = new Types.ObjectId().toString();
    await newKey(userId, 'a'.repeat(64));
    const error: unknown = await newKey(userId, 'a'.repeat(64)).catch((e: unknown) => e);

    expect(isDuplicateKeyError(error)).toBe(true);
  });

  test('records never carry the hash; lookups are scoped by owner', async () => {
    const userId = new Types.ObjectId().toString();
    const key = await newKey(userId, 'b'.repeat(64));

    expect(key).not.toHaveProperty('keyHash');
    expect(await apiKeyRepository.findByHash({ keyHash: 'b'.repeat(64) })).toMatchObject({
      id: key.id,
      userId,
    });
    expect(await apiKeyRepository.findById({ userId, keyId: key.id })).toMatchObject({ id: key.id });
    expect(
      await apiKeyRepository.findById({ userId: new Types.ObjectId().toString(), keyId: key.id }),
    ).toBeNull();
    expect(await apiKeyRepository.findById({ userId, keyId: 'not-an-id' })).toBeNull();
  });

  test('revoke is one-way and only by the owner', async () => {
    const userId = new Types.ObjectId().toString();
    const key = await newKey(userId);
    const now = new Date();

    expect(
      await apiKeyRepository.revoke({ userId: new Types.ObjectId().toString(), keyId: key.id, now }),
    ).toBeNull();
    expect(await apiKeyRepository.revoke({ userId, keyId: key.id, now })).toMatchObject({ isActive: false });
    expect(await apiKeyRepository.countActive({ userId })).toBe(0);
  });

  test('lastUsedAt: at most one write per key per second', async () => {
    const userId = new Types.ObjectId().toString();
    const key = await newKey(userId);
    const t0 = new Date('2026-11-21T06:00:00.000Z');

    expect(await apiKeyRepository.touchLastUsed({ keyId: key.id, now: t0 })).toBe(true);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apiKeyRepository.touchLastUsed({ keyId: key.id, now: new Date(t0.getTime() + 10 + i * 40) }),
      ),
    );
    expect(burst.filter(Boolean)).toHaveLength(0);
    expect(await apiKeyRepository.touchLastUsed({ keyId: key.id, now: new Date(t0.getTime() + 1000) })).toBe(
      true,
    );

    const stored = await ApiKeyModel.findById(key.id).lean();
    expect(stored?.lastUsedAt?.toISOString()).toBe('2026-11-21T06:00:01.000Z');
  });
});
