import { UserModel, type TUserDoc } from '../models/user.js';
import { findOneByCommand } from './find-one-command.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';

export type TRole = TUserDoc['role'];

/** A user as the repository hands it out, derived from the model: `_id` → `id`, unset paths null. */
export type TUserRecord = TRecordOf<TUserDoc> & { id: string };

type TLeanUser = TLeanOf<TUserDoc, 'email' | 'role' | 'createdAt' | 'updatedAt'>;

function toRecord(doc: TLeanUser): TUserRecord {
  return {
    id: doc._id.toString(),
    email: doc.email,
    name: doc.name ?? '',
    passwordHash: doc.passwordHash ?? null,
    role: doc.role,
    emailVerifiedAt: doc.emailVerifiedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** A new user: name, password hash and role have the model's defaults. */
export type TCreateUserRecord = Pick<TUserRecord, 'email'> &
  Partial<Pick<TUserRecord, 'name' | 'passwordHash' | 'role' | 'emailVerifiedAt'>>;

/** Users. A user is its own owner: every query is by its id or its (unique) email. */
export const userRepository = {
  /** Throws E11000 (see isDuplicateKeyError) when the email is taken. */
  async create(input: TCreateUserRecord): Promise<TUserRecord> {
    const doc = await UserModel.create({
      ...input,
      email: input.email.toLowerCase(),
    });

    return toRecord(doc.toObject());
  },

  async findById({ userId }: { userId: string }): Promise<TUserRecord | null> {
    const _id = toObjectId(userId);
    if (!_id) {
      return null;
    }
    // Straight to the driver as one command (a key's user is read with the key; see
    // apiKeyRepository.findByHash).
    const doc = await findOneByCommand<TLeanUser>(UserModel, { _id });

    return doc ? toRecord(doc) : null;
  },

  async findByEmail({ email }: { email: string }): Promise<TUserRecord | null> {
    // A non-string (e.g. `{"$ne": null}`) would be read as an operator and match any account.
    if (typeof email !== 'string') {
      return null;
    }
    const doc = await UserModel.findOne({ email: email.trim().toLowerCase() }).lean<TLeanUser>();

    return doc ? toRecord(doc) : null;
  },

  /** Replaces the password hash; false when no such user. */
  async setPasswordHash({ userId, passwordHash }: { userId: string; passwordHash: string }) {
    const _id = toObjectId(userId);
    if (!_id) {
      return false;
    }
    const result = await UserModel.updateOne({ _id }, { $set: { passwordHash } });

    return result.matchedCount === 1;
  },

  /** Marks the address proven (a verification link used); a no-op once set. */
  async markEmailVerified({ userId, at }: { userId: string; at: Date }): Promise<void> {
    const _id = toObjectId(userId);
    if (_id) {
      await UserModel.updateOne({ _id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: at } });
    }
  },

  async findByIds({ userIds }: { userIds: string[] }): Promise<TUserRecord[]> {
    const ids = userIds.map(toObjectId).filter((id) => id !== null);
    const docs = await UserModel.find({ _id: { $in: ids } }).lean<TLeanUser[]>();

    return docs.map(toRecord);
  },

  /** Staff listing (ADMIN only; the caller checks the role). Newest first. */
  async list({ limit, after }: { limit: number; after?: TPageAfter }): Promise<TPage<TUserRecord>> {
    const docs = await UserModel.find(afterFilter(after, after ? toObjectId(after.id) : null))
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanUser[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },

  /** Every user's id, streamed (a restore retires every user's cached authentication). */
  async *ids(): AsyncGenerator<string> {
    for await (const doc of UserModel.collection.find({}, { projection: { _id: 1 } })) {
      yield String(doc._id);
    }
  },
};
