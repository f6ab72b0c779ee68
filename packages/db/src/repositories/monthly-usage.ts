import type { Types } from 'mongoose';

import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';

export type TConsumeQuotaResult = { ok: true; used: number } | { ok: false; used: number };

type TLeanUsage = { used: number };

/**
 * Takes one unit of the month's quota while fewer than `limit` are used, creating the month's
 * counter on its first unit. Written straight to the driver (the quota check of every submit), with
 * the timestamps and version key mongoose's upsert would write: mongoose's query building and
 * casting cost more CPU than the command itself. As an upsert, a full counter makes it try to insert
 * a second `{userId, month}`, which the unique index refuses (E11000).
 */
export function quotaUnitWrite({
  owner,
  month,
  limit,
}: {
  owner: Types.ObjectId;
  month: string;
  limit: number;
}) {
  const now = new Date();

  return {
    filter: { userId: owner, month, used: { $lt: limit } },
    update: { $inc: { used: 1 }, $set: { updatedAt: now }, $setOnInsert: { createdAt: now, __v: 0 } },
  };
}

/** Per user, per UTC calendar month submission counters. */
export const monthlyUsageRepository = {
  /**
   * Atomic check-and-increment: one conditional `findOneAndUpdate` with a `used < limit` guard, so
   * concurrent submits can never push `used` past `limit`, and no transaction is needed.
   *
   * The first submit of a month upserts the counter. When the guard fails on an existing counter the
   * upsert tries to insert a second `{userId, month}` and hits the unique index; so does a loser of
   * two concurrent first inserts. Both cases retry once without upsert: the counter now exists, so
   * the guard alone decides.
   */
  async consume({
    userId,
    month,
    limit,
  }: {
    userId: string;
    month: string;
    limit: number;
  }): Promise<TConsumeQuotaResult> {
    const owner = toObjectId(userId);
    if (!owner) {
      throw new Error(`invalid user id ${userId}`);
    }
    if (limit <= 0) {
      return { ok: false, used: await monthlyUsageRepository.get({ userId, month }) };
    }
    const { filter, update } = quotaUnitWrite({ owner, month, limit });
    const options = {
      returnDocument: 'after',
      projection: { used: 1 },
      includeResultMetadata: false,
    } as const;
    const collection = MonthlyUsageModel.collection;
    try {
      const doc = await collection.findOneAndUpdate(filter, update, { ...options, upsert: true });
      if (doc) {
        return { ok: true, used: (doc as unknown as TLeanUsage).used };
      }
    } catch (error) {
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
    }
    const doc = await collection.findOneAndUpdate(filter, update, options);
    if (doc) {
      return { ok: true, used: (doc as unknown as TLeanUsage).used };
    }

    return { ok: false, used: await monthlyUsageRepository.get({ userId, month }) };
  },

  /** Gives back one unit after a submit that consumed quota and then failed (e.g. duplicate email). */
  async release({ userId, month }: { userId: string; month: string }): Promise<void> {
    const owner = toObjectId(userId);
    if (!owner) {
      return;
    }
    await MonthlyUsageModel.updateOne({ userId: owner, month, used: { $gt: 0 } }, { $inc: { used: -1 } });
  },

  async get({ userId, month }: { userId: string; month: string }): Promise<number> {
    const owner = toObjectId(userId);
    if (!owner) {
      return 0;
    }
    const doc = await MonthlyUsageModel.findOne({ userId: owner, month }, { used: 1 }).lean<TLeanUsage>();

    return doc?.used ?? 0;
  },
};
