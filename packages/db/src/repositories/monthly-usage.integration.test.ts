import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { monthlyUsageRepository } from './monthly-usage.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_usage') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

describe('monthlyUsageRepository.consume', () => {
  test('50 concurrent consumers with limit 10: exactly 10 succeed, including the first-insert race', async () => {
    const userId = new Types.ObjectId().toString();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 10 }),
      ),
    );

    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).every((r) => r.used === 10)).toBe(true);
    expect(await monthlyUsageRepository.get({ userId, month: '2026-11' })).toBe(10);
  });

  // consume writes through the driver; the counter it creates and updates must be the one the
  // mongoose model would have written (timestamps included).
  test('the counter is stored as the mongoose model stores it, created and then updated', async () => {
    const userId = new Types.ObjectId().toString();
    const modelUser = new Types.ObjectId();
    const stored = async (owner: Types.ObjectId) => {
      const doc = await MonthlyUsageModel.collection.findOne({ userId: owner, month: '2026-11' });
      if (!doc) {
        throw new Error('no counter stored');
      }

      const stored = { ...(doc as Record<string, unknown>), _id: undefined, userId: undefined };

      return stored as typeof stored & { createdAt: Date; updatedAt: Date };
    };
    for (let round = 0; round < 2; round++) {
      const started = new Date();
      await monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 10 });
      await MonthlyUsageModel.findOneAndUpdate(
        { userId: modelUser, month: '2026-11', used: { $lt: 10 } },
        { $inc: { used: 1 } },
        { upsert: true },
      );
      const [mine, model] = [await stored(new Types.ObjectId(userId)), await stored(modelUser)];

      expect(Object.keys(mine).sort()).toEqual(Object.keys(model).sort());
      expect({ ...mine, createdAt: 0, updatedAt: 0 }).toEqual({ ...model, createdAt: 0, updatedAt: 0 });
      expect(mine.updatedAt.getTime()).toBeGreaterThanOrEqual(started.getTime());
      expect(mine.createdAt.getTime()).toBeLessThanOrEqual(mine.updatedAt.getTime());
    }
  });

  test('months and users are counted apart', async () => {
    const userId = new Types.ObjectId().toString();
    const other = new Types.ObjectId().toString();
    await monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 1 });

    expect((await monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 1 })).ok).toBe(false);
    expect((await monthlyUsageRepository.consume({ userId, month: '2026-12', limit: 1 })).ok).toBe(true);
    expect((await monthlyUsageRepository.consume({ userId: other, month: '2026-11', limit: 1 })).ok).toBe(
      true,
    );
  });

  test('release gives one unit back and never goes below zero', async () => {
    const userId = new Types.ObjectId().toString();
    await monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 2 });
    await monthlyUsageRepository.release({ userId, month: '2026-11' });
    await monthlyUsageRepository.release({ userId, month: '2026-11' });

    expect(await monthlyUsageRepository.get({ userId, month: '2026-11' })).toBe(0);
  });

  test('a zero limit refuses without writing', async () => {
    const userId = new Types.ObjectId().toString();

    expect(await monthlyUsageRepository.consume({ userId, month: '2026-11', limit: 0 })).toEqual({
      ok: false,
      used: 0,
    });
  });
});
