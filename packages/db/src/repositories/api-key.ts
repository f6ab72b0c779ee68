import { ApiKeyModel, type TApiKeyDoc } from '../models/api-key.js';
import { findOneByCommand } from './find-one-command.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { streamByOwner } from './stream-by-owner.js';

/** A key as the repository hands it out, derived from the model; the hash never leaves it. */
export type TApiKeyRecord = Omit<TRecordOf<TApiKeyDoc>, 'keyHash'> & { id: string };

type TLeanApiKey = Omit<
  TLeanOf<TApiKeyDoc, 'userId' | 'name' | 'prefix' | 'last4' | 'isActive' | 'createdAt'>,
  'keyHash'
>;

// keyHash is never read back out of the repository: nothing outside needs it.
const PROJECTION = { keyHash: 0 } as const;

function toRecord(doc: TLeanApiKey): TApiKeyRecord {
  return {
    id: doc._id.toString(),
    userId: doc.userId.toString(),
    name: doc.name,
    prefix: doc.prefix,
    last4: doc.last4,
    scopes: doc.scopes ?? [],
    formIds: doc.formIds ?? [],
    allowedOrigins: doc.allowedOrigins ?? [],
    isActive: doc.isActive,
    lastUsedAt: doc.lastUsedAt ?? null,
    revokedAt: doc.revokedAt ?? null,
    createdAt: doc.createdAt,
  };
}

/** A new key: its hash and display parts, never the key itself; unrestricted unless told. */
export type TCreateApiKeyRecord = Pick<TApiKeyRecord, 'userId' | 'name' | 'prefix' | 'last4' | 'scopes'> &
  Partial<Pick<TApiKeyRecord, 'formIds' | 'allowedOrigins'>> &
  Pick<TApiKeyDoc, 'keyHash'>;

/** API keys, scoped by owner except for the hash lookup that authenticates a request. */
export const apiKeyRepository = {
  /** Every API key (metadata, never the hash) of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TApiKeyRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        ApiKeyModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanApiKey[]>()
          .cursor() as AsyncIterable<TLeanApiKey>,
      toRecord,
    );
  },

  async create(input: TCreateApiKeyRecord): Promise<TApiKeyRecord> {
    const doc = await ApiKeyModel.create({ ...input, userId: requireObjectId(input.userId) });
    const { keyHash: _keyHash, ...rest } = doc.toObject();

    return toRecord(rest);
  },

  /** The authentication lookup: by hash only, since the caller does not know the owner yet. */
  async findByHash({ keyHash }: { keyHash: string }): Promise<TApiKeyRecord | null> {
    // A non-string (e.g. `{"$gt": ""}`) would be read as an operator and match any key.
    if (typeof keyHash !== 'string') {
      return null;
    }
    // Straight to the driver as one command (findOneByCommand): the filter needs no casting and the
    // read no hydration, and this runs whenever a server does not know a key yet or verifies it again.
    const doc = await findOneByCommand<TLeanApiKey>(ApiKeyModel, { keyHash }, { projection: PROJECTION });

    return doc ? toRecord(doc) : null;
  },

  async findById({ userId, keyId }: { userId: string; keyId: string }): Promise<TApiKeyRecord | null> {
    const _id = toObjectId(keyId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return null;
    }
    const doc = await ApiKeyModel.findOne({ _id, userId: owner }, PROJECTION).lean<TLeanApiKey>();

    return doc ? toRecord(doc) : null;
  },

  /** Operator lookup (CLI `key revoke --key-id`), where no owner is known. */
  async findByIdUnscoped({ keyId }: { keyId: string }): Promise<TApiKeyRecord | null> {
    const _id = toObjectId(keyId);
    if (!_id) {
      return null;
    }
    const doc = await ApiKeyModel.findById(_id, PROJECTION).lean<TLeanApiKey>();

    return doc ? toRecord(doc) : null;
  },

  /** One page of the owner's keys, newest first (revoked ones stay listed, so they accumulate). */
  async listByUser({
    userId,
    limit,
    after,
  }: {
    userId: string;
    limit: number;
    after?: TPageAfter;
  }): Promise<TPage<TApiKeyRecord>> {
    const owner = toObjectId(userId);
    if (!owner) {
      return { items: [], hasMore: false };
    }
    const docs = await ApiKeyModel.find(
      { userId: owner, ...afterFilter(after, after ? toObjectId(after.id) : null) },
      PROJECTION,
    )
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanApiKey[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },

  /** The ids of the owner's active keys (at most the key cap of them). */
  async listActiveIds({ userId }: { userId: string }): Promise<string[]> {
    const owner = toObjectId(userId);
    if (!owner) {
      return [];
    }
    const docs = await ApiKeyModel.find({ userId: owner, isActive: true }, { _id: 1 }).lean();

    return docs.map((doc) => doc._id.toString());
  },

  async countActive({ userId }: { userId: string }): Promise<number> {
    const owner = toObjectId(userId);
    if (!owner) {
      return 0;
    }

    return ApiKeyModel.countDocuments({ userId: owner, isActive: true });
  },

  /**
   * Revokes an active key; true only for the call that actually revoked it, so the caller gives the
   * owner's key slot back exactly once. Revocation is one-way.
   */
  async deactivate({ userId, keyId, now }: { userId: string; keyId: string; now: Date }): Promise<boolean> {
    const _id = toObjectId(keyId);
    const owner = toObjectId(userId);
    if (!_id || !owner) {
      return false;
    }
    const result = await ApiKeyModel.updateOne(
      { _id, userId: owner, isActive: true },
      { $set: { isActive: false, revokedAt: now } },
    );

    return result.modifiedCount === 1;
  },

  /** Revocation is one-way; a second call is a no-op that still returns the key. */
  async revoke({
    userId,
    keyId,
    now,
  }: {
    userId: string;
    keyId: string;
    now: Date;
  }): Promise<TApiKeyRecord | null> {
    await apiKeyRepository.deactivate({ userId, keyId, now });

    return apiKeyRepository.findById({ userId, keyId });
  },

  /**
   * Coalesced `lastUsedAt`: writes only when the stored value is older than one second, so a burst
   * costs at most one write per key per second and `lastUsedAt` is never more than a second behind.
   * Returns whether it wrote.
   */
  async touchLastUsed({ keyId, now }: { keyId: string; now: Date }): Promise<boolean> {
    const _id = toObjectId(keyId);
    if (!_id) {
      return false;
    }
    const threshold = new Date(now.getTime() - 1000);
    const result = await ApiKeyModel.updateOne(
      { _id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: threshold } }] },
      { $set: { lastUsedAt: now } },
    );

    return result.modifiedCount > 0;
  },
};
