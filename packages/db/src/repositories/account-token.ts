import { AccountTokenModel, type TAccountTokenDoc } from '../models/account-token.js';
import { toObjectId } from './object-id.js';
import type { TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

type TAccountTokenKind = TAccountTokenDoc['kind'];

export type TAccountTokenRecord = Omit<TRecordOf<TAccountTokenDoc>, 'tokenHash'> & { id: string };

/** One-time account links (see the model). */
export const accountTokenRepository = {
  async create(input: {
    kind: TAccountTokenKind;
    userId: string;
    email: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await AccountTokenModel.create({ ...input, userId: requireObjectId(input.userId) });
  },

  /**
   * Uses a token of `kind` up, if it is unused and unexpired at `now`; returns it, or null. One
   * conditional update, so a link opened twice at once works only once.
   */
  async use({
    kind,
    tokenHash,
    now,
  }: {
    kind: TAccountTokenKind;
    tokenHash: string;
    now: Date;
  }): Promise<TAccountTokenRecord | null> {
    if (typeof tokenHash !== 'string') {
      return null;
    }
    const doc = await AccountTokenModel.findOneAndUpdate(
      { kind, tokenHash, usedAt: null, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
      { returnDocument: 'after' },
    ).lean();
    if (!doc) {
      return null;
    }

    return {
      id: doc._id.toString(),
      kind: doc.kind,
      userId: doc.userId.toString(),
      email: doc.email,
      expiresAt: doc.expiresAt,
      usedAt: doc.usedAt ?? null,
      createdAt: doc.createdAt,
    };
  },

  /** Voids every unused token of a kind for a user (a new password voids older reset links). */
  async voidAll({ userId, kind, now }: { userId: string; kind: TAccountTokenKind; now: Date }) {
    const owner = toObjectId(userId);
    if (owner) {
      await AccountTokenModel.updateMany({ userId: owner, kind, usedAt: null }, { $set: { usedAt: now } });
    }
  },
};
