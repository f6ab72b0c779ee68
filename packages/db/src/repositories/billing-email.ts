import { BillingEmailModel, type TBillingEmailDoc } from '../models/billing-email.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TBillingEmailRecord = Omit<TRecordOf<TBillingEmailDoc>, 'createdAt'> & {
  id: string;
  createdAt: Date;
};

export type TBillingEmailKind = TBillingEmailDoc['kind'];

export type TPlanBillingEmail = Pick<
  TBillingEmailRecord,
  'eventId' | 'kind' | 'userId' | 'plan' | 'attemptNumber' | 'nextRetryAt' | 'actionUrl'
>;

type TLeanBillingEmail = TLeanOf<TBillingEmailDoc, 'eventId' | 'kind' | 'userId' | 'status' | 'actionUrl'> & {
  createdAt: Date;
};

function toRecord(doc: TLeanBillingEmail): TBillingEmailRecord {
  return {
    id: doc._id.toString(),
    eventId: doc.eventId,
    kind: doc.kind,
    userId: doc.userId.toString(),
    status: doc.status,
    plan: doc.plan ?? null,
    attemptNumber: doc.attemptNumber ?? null,
    nextRetryAt: doc.nextRetryAt ?? null,
    actionUrl: doc.actionUrl,
    attempts: doc.attempts ?? 0,
    lastError: doc.lastError ?? null,
    doneAt: doc.doneAt ?? null,
    createdAt: doc.createdAt,
  };
}

/** The billing emails' outbox (system records: the worker acts for every user). */
export const billingEmailRepository = {
  /** Writes the email an event owes, once per event and kind; answers its id either way. */
  async plan(input: TPlanBillingEmail): Promise<string> {
    try {
      const doc = await BillingEmailModel.create({ ...input, userId: requireObjectId(input.userId) });

      return doc._id.toString();
    } catch (error) {
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
      const existing = await BillingEmailModel.findOne(
        { eventId: input.eventId, kind: input.kind },
        { _id: 1 },
      ).lean();
      if (!existing) {
        throw error;
      }

      return existing._id.toString();
    }
  },

  async findById({ emailId }: { emailId: string }): Promise<TBillingEmailRecord | null> {
    const _id = toObjectId(emailId);
    const doc = _id ? await BillingEmailModel.findById(_id).lean<TLeanBillingEmail>() : null;

    return doc ? toRecord(doc) : null;
  },

  /** The emails one event owes (its ids are what the worker is handed). */
  async idsOfEvent({ eventId }: { eventId: string }): Promise<string[]> {
    const docs = await BillingEmailModel.find({ eventId, status: 'pending' }, { _id: 1 }).lean();

    return docs.map((doc) => doc._id.toString());
  },

  /** Pending emails created before `createdBefore`, oldest first: the ones whose hand-over was lost. */
  async findPendingIds({ createdBefore, limit }: { createdBefore: Date; limit: number }): Promise<string[]> {
    const docs = await BillingEmailModel.find(
      { status: 'pending', createdAt: { $lt: createdBefore } },
      { _id: 1 },
    )
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean();

    return docs.map((doc) => doc._id.toString());
  },

  async markDone({ emailId, now }: { emailId: string; now: Date }): Promise<void> {
    await BillingEmailModel.updateOne(
      { _id: requireObjectId(emailId), status: 'pending' },
      { $set: { status: 'done', doneAt: now } },
    );
  },

  async recordFailure({ emailId, error }: { emailId: string; error: string }): Promise<void> {
    await BillingEmailModel.updateOne(
      { _id: requireObjectId(emailId) },
      { $inc: { attempts: 1 }, $set: { lastError: error.slice(0, 1000) } },
    );
  },
};
