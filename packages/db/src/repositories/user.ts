import { UserModel } from '../models/user.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';

export type TRole = 'OWNER' | 'ADMIN';
export type TPlanName = 'FREE' | 'STANDARD' | 'PRO';

export type TUserRecord = {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  role: TRole;
  plan: TPlanName;
  quotaLimit: number;
  stripeCustomerId: string | null;
  /** Forms owned; null until initialised (accounts older than the counter). */
  formCount: number | null;
  createdAt: Date;
  updatedAt: Date;
};

type TLeanUser = {
  _id: { toString(): string };
  email: string;
  name?: string | null;
  passwordHash?: string | null;
  role: string;
  plan: string;
  quotaLimit: number;
  stripeCustomerId?: string | null;
  formCount?: number | null;
  createdAt: Date;
  updatedAt: Date;
};

function toRecord(doc: TLeanUser): TUserRecord {
  return {
    id: doc._id.toString(),
    email: doc.email,
    name: doc.name ?? '',
    passwordHash: doc.passwordHash ?? null,
    role: doc.role as TRole,
    plan: doc.plan as TPlanName,
    quotaLimit: doc.quotaLimit,
    stripeCustomerId: doc.stripeCustomerId ?? null,
    formCount: doc.formCount ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export type TCreateUserRecord = {
  email: string;
  name?: string;
  passwordHash?: string | null;
  role?: TRole;
  plan: TPlanName;
  quotaLimit: number;
};

/** Users. A user is its own owner: every query is by its id or its (unique) email. */
export const userRepository = {
  /** Throws E11000 (see isDuplicateKeyError) when the email is taken. */
  async create(input: TCreateUserRecord): Promise<TUserRecord> {
    const doc = await UserModel.create({ ...input, email: input.email.toLowerCase(), formCount: 0 });

    return toRecord(doc.toObject());
  },

  async findById({ userId }: { userId: string }): Promise<TUserRecord | null> {
    const _id = toObjectId(userId);
    if (!_id) {
      return null;
    }
    const doc = await UserModel.findById(_id).lean<TLeanUser>();

    return doc ? toRecord(doc) : null;
  },

  async findByEmail({ email }: { email: string }): Promise<TUserRecord | null> {
    const doc = await UserModel.findOne({ email: email.trim().toLowerCase() }).lean<TLeanUser>();

    return doc ? toRecord(doc) : null;
  },

  async setPlan({
    userId,
    plan,
    quotaLimit,
  }: {
    userId: string;
    plan: TPlanName;
    quotaLimit: number;
  }): Promise<TUserRecord | null> {
    const _id = toObjectId(userId);
    if (!_id) {
      return null;
    }
    const doc = await UserModel.findByIdAndUpdate(
      _id,
      { $set: { plan, quotaLimit } },
      { returnDocument: 'after' },
    ).lean<TLeanUser>();

    return doc ? toRecord(doc) : null;
  },

  async setStripeCustomerId({
    userId,
    stripeCustomerId,
  }: {
    userId: string;
    stripeCustomerId: string;
  }): Promise<TUserRecord | null> {
    const _id = toObjectId(userId);
    if (!_id) {
      return null;
    }
    const doc = await UserModel.findByIdAndUpdate(
      _id,
      { $set: { stripeCustomerId } },
      { returnDocument: 'after' },
    ).lean<TLeanUser>();

    return doc ? toRecord(doc) : null;
  },

  /** Sets the form counter of an account that has none yet (a no-op once set). */
  async initFormCount({ userId, formCount }: { userId: string; formCount: number }): Promise<void> {
    const _id = toObjectId(userId);
    if (!_id) {
      return;
    }
    await UserModel.updateOne({ _id, formCount: { $exists: false } }, { $set: { formCount } });
  },

  /**
   * Takes one form slot if fewer than `max` are used: one conditional `$inc`, so concurrent creates
   * can never exceed the plan's form limit. Returns whether a slot was taken.
   */
  async reserveFormSlot({ userId, max }: { userId: string; max: number }): Promise<boolean> {
    const _id = toObjectId(userId);
    if (!_id) {
      return false;
    }
    const result = await UserModel.updateOne({ _id, formCount: { $lt: max } }, { $inc: { formCount: 1 } });

    return result.modifiedCount === 1;
  },

  /** Gives a slot back (form deleted, or its insert failed). */
  async releaseFormSlot({ userId }: { userId: string }): Promise<void> {
    const _id = toObjectId(userId);
    if (!_id) {
      return;
    }
    await UserModel.updateOne({ _id, formCount: { $gt: 0 } }, { $inc: { formCount: -1 } });
  },

  /** Staff listing (ADMIN only; the caller checks the role). Newest first. */
  async list({ limit, after }: { limit: number; after?: TPageAfter }): Promise<TPage<TUserRecord>> {
    const docs = await UserModel.find(afterFilter(after, after ? toObjectId(after.id) : null))
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanUser[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },
};
