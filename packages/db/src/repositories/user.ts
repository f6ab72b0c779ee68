import { UserModel, type TUserDoc } from '../models/user.js';
import { initCounter, releaseSlot, takeSlot } from './counter-slot.js';
import { findOneByCommand } from './find-one-command.js';
import { toObjectId } from './object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';

export type TRole = TUserDoc['role'];
export type TPlanName = TUserDoc['plan'];

/**
 * A user as the repository hands it out, derived from the model: `_id` → `id`, unset paths null
 * (`formCount`, `activeKeyCount`: null until initialised on accounts older than the counters).
 */
export type TUserRecord = TRecordOf<TUserDoc> & { id: string };

type TLeanUser = TLeanOf<TUserDoc, 'email' | 'role' | 'plan' | 'quotaLimit' | 'createdAt' | 'updatedAt'>;

function toRecord(doc: TLeanUser): TUserRecord {
  return {
    id: doc._id.toString(),
    email: doc.email,
    name: doc.name ?? '',
    passwordHash: doc.passwordHash ?? null,
    role: doc.role,
    plan: doc.plan,
    quotaLimit: doc.quotaLimit,
    stripeCustomerId: doc.stripeCustomerId ?? null,
    formCount: doc.formCount ?? null,
    activeKeyCount: doc.activeKeyCount ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Sets fields of one user and returns the updated record; null when no such user. */
async function setUserFields(
  userId: string,
  set: Partial<Pick<TUserRecord, 'plan' | 'quotaLimit' | 'stripeCustomerId'>>,
): Promise<TUserRecord | null> {
  const _id = toObjectId(userId);
  if (!_id) {
    return null;
  }
  const doc = await UserModel.findByIdAndUpdate(
    _id,
    { $set: set },
    { returnDocument: 'after' },
  ).lean<TLeanUser>();

  return doc ? toRecord(doc) : null;
}

/** Capped counters kept on the user document (see counter-slot.ts). */
export type TUserCounter = 'formCount' | 'activeKeyCount';

/** A new user: name, password hash and role have the model's defaults. */
export type TCreateUserRecord = Pick<TUserRecord, 'email' | 'plan' | 'quotaLimit'> &
  Partial<Pick<TUserRecord, 'name' | 'passwordHash' | 'role'>>;

/** Users. A user is its own owner: every query is by its id or its (unique) email. */
export const userRepository = {
  /** Throws E11000 (see isDuplicateKeyError) when the email is taken. */
  async create(input: TCreateUserRecord): Promise<TUserRecord> {
    const doc = await UserModel.create({
      ...input,
      email: input.email.toLowerCase(),
      formCount: 0,
      activeKeyCount: 0,
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

  setPlan({
    userId,
    plan,
    quotaLimit,
  }: {
    userId: string;
    plan: TPlanName;
    quotaLimit: number;
  }): Promise<TUserRecord | null> {
    return setUserFields(userId, { plan, quotaLimit });
  },

  setStripeCustomerId({
    userId,
    stripeCustomerId,
  }: {
    userId: string;
    stripeCustomerId: string;
  }): Promise<TUserRecord | null> {
    return setUserFields(userId, { stripeCustomerId });
  },

  /** Sets a counter of an account that has none yet (a no-op once set). */
  async initCounter({
    userId,
    counter,
    value,
  }: {
    userId: string;
    counter: TUserCounter;
    value: number;
  }): Promise<void> {
    const _id = toObjectId(userId);
    if (_id) {
      await initCounter(UserModel.collection, { _id }, counter, value);
    }
  },

  /**
   * Takes one slot of a capped counter if fewer than `max` are used: one conditional `$inc`, so
   * concurrent creates can never exceed the plan's form limit or the API key cap.
   */
  async reserveSlot({ userId, counter, max }: { userId: string; counter: TUserCounter; max: number }) {
    const _id = toObjectId(userId);

    return _id ? takeSlot(UserModel.collection, { _id }, counter, max) : false;
  },

  /** Gives a slot back (form deleted, key revoked, or the insert that took it failed). */
  async releaseSlot({ userId, counter }: { userId: string; counter: TUserCounter }): Promise<void> {
    const _id = toObjectId(userId);
    if (_id) {
      await releaseSlot(UserModel.collection, { _id }, counter);
    }
  },

  /** Sets the form counter of an account that has none yet (a no-op once set). */
  initFormCount({ userId, formCount }: { userId: string; formCount: number }): Promise<void> {
    return userRepository.initCounter({ userId, counter: 'formCount', value: formCount });
  },

  /** One form slot within `max` (see reserveSlot). */
  reserveFormSlot({ userId, max }: { userId: string; max: number }): Promise<boolean> {
    return userRepository.reserveSlot({ userId, counter: 'formCount', max });
  },

  releaseFormSlot({ userId }: { userId: string }): Promise<void> {
    return userRepository.releaseSlot({ userId, counter: 'formCount' });
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
