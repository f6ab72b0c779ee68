import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { apiKeyRepository } from './api-key.js';
import { submissionRepository } from './submission.js';
import { userRepository } from './user.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_injection') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

/** What a JSON body or a parsed query string can smuggle in where a string is expected. */
const OPERATOR = { $gt: '' } as unknown as string;

describe('operator injection', () => {
  test('an operator object in place of a hash, an email, an id or a filter value matches nothing', async () => {
    const user = await userRepository.create({ email: 'victim@example.com' });
    await apiKeyRepository.create({
      userId: user.id,
      name: 'k',
      keyHash: 'a'.repeat(64),
      prefix: 'mk_live_abcd',
      last4: 'wxyz',
      scopes: [],
    });
    const formId = new Types.ObjectId().toString();
    await submissionRepository.create({
      userId: user.id,
      formId,
      email: 'victim@example.com',
      data: {},
      meta: { browser: 'x', os: 'x', device: 'x', country: 'x' },
      outbox: [],
      createdAt: new Date(),
    });

    expect(await apiKeyRepository.findByHash({ keyHash: OPERATOR })).toBeNull();
    expect(await userRepository.findById({ userId: OPERATOR })).toBeNull();
    expect(await userRepository.findById({ userId: [user.id] as unknown as string })).toBeNull();
    const page = await submissionRepository.list({
      userId: user.id,
      formId,
      limit: 5,
      filter: { email: OPERATOR },
    });
    expect(page.items).toHaveLength(0);
    expect(
      await submissionRepository.existsWithEmailKey({ userId: user.id, formId, emailKey: OPERATOR }),
    ).toBe(false);
  });
});
