import { SubscriptionModel, type TSubscriptionDoc } from '../models/billing-subscription.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TSubscriptionRecord = TRecordOf<TSubscriptionDoc> & { id: string };

export type TSubscriptionStatus = TSubscriptionDoc['status'];

/** The fields one provider event may set on a subscription. */
export type TSubscriptionChange = Partial<
  Pick<TSubscriptionRecord, 'customerId' | 'userId' | 'status' | 'plan' | 'currentPeriodEnd'>
>;

/** What a new subscription needs besides the change itself. */
export type TSubscriptionSeed = Pick<TSubscriptionRecord, 'customerId' | 'userId' | 'status' | 'plan'>;

export type TApplySubscriptionResult =
  { state: 'applied'; record: TSubscriptionRecord } | { state: 'stale' } | { state: 'missing' };

type TLeanSubscription = TLeanOf<
  TSubscriptionDoc,
  'providerId' | 'customerId' | 'userId' | 'status' | 'plan' | 'lastEventAt' | 'createdAt' | 'updatedAt'
>;

function toRecord(doc: TLeanSubscription): TSubscriptionRecord {
  return {
    id: doc._id.toString(),
    providerId: doc.providerId,
    customerId: doc.customerId,
    userId: doc.userId.toString(),
    status: doc.status,
    plan: doc.plan,
    currentPeriodEnd: doc.currentPeriodEnd ?? null,
    lastEventAt: doc.lastEventAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toStored(change: TSubscriptionChange) {
  const { userId, ...rest } = change;

  return { ...rest, ...(userId ? { userId: requireObjectId(userId) } : {}) };
}

/** Subscriptions by the provider's id. A system store: the provider's signed events drive it. */
export const subscriptionRepository = {
  async findByProviderId({ providerId }: { providerId: string }): Promise<TSubscriptionRecord | null> {
    const doc = await SubscriptionModel.findOne({ providerId }).lean<TLeanSubscription>();

    return doc ? toRecord(doc) : null;
  },

  /** The user's most recently changed subscription (a user who re-subscribed has several). */
  async findLatestForUser({ userId }: { userId: string }): Promise<TSubscriptionRecord | null> {
    const doc = await SubscriptionModel.findOne({ userId: requireObjectId(userId) })
      .sort({ updatedAt: -1, _id: -1 })
      .lean<TLeanSubscription>();

    return doc ? toRecord(doc) : null;
  },

  /** Every subscription of a user (a user who re-subscribed, or bought twice, has several). */
  async listForUser({ userId }: { userId: string }): Promise<TSubscriptionRecord[]> {
    const docs = await SubscriptionModel.find({ userId: requireObjectId(userId) }).lean<
      TLeanSubscription[]
    >();

    return docs.map(toRecord);
  },

  /**
   * Applies one event's change unless a newer event was applied already (`stale`): the check and
   * the write are one conditional update, so two events racing cannot both win. An event of the
   * same second applies (the provider's clock has one-second steps). Without `seed`, an unknown
   * subscription is `missing`; with it, it is created.
   */
  async applyEvent({
    providerId,
    at,
    change,
    seed,
  }: {
    providerId: string;
    at: Date;
    change: TSubscriptionChange;
    seed?: TSubscriptionSeed;
  }): Promise<TApplySubscriptionResult> {
    const update = () =>
      SubscriptionModel.findOneAndUpdate(
        { providerId, lastEventAt: { $lte: at } },
        { $set: { ...toStored(change), lastEventAt: at } },
        { returnDocument: 'after' },
      ).lean<TLeanSubscription>();
    const updated = await update();
    if (updated) {
      return { state: 'applied', record: toRecord(updated) };
    }
    if (await SubscriptionModel.exists({ providerId })) {
      return { state: 'stale' };
    }
    if (!seed) {
      return { state: 'missing' };
    }
    try {
      const created = await SubscriptionModel.create({
        providerId,
        ...toStored({ ...seed, ...change }),
        lastEventAt: at,
      });

      return { state: 'applied', record: toRecord(created.toObject()) };
    } catch (error) {
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
      // Created by a concurrent event a moment ago: apply on top of it, or lose to it.
      const retried = await update();

      return retried ? { state: 'applied', record: toRecord(retried) } : { state: 'stale' };
    }
  },
};
