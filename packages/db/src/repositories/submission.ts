import mongoose, { type Types } from 'mongoose';

import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds } from './owned-ids.js';
import { requireObjectId } from './require-object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import {
  toSubmissionRecord,
  type TSubmissionStatus,
  type TLeanSubmission,
  type TOutboxEntryRecord,
  type TSubmissionRecord,
} from './submission-record.js';
import { streamByOwner } from './stream-by-owner.js';

export type TSubmissionFilter = {
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  until?: Date;
  /** Exact (normalised, lower-case) submitter email. */
  email?: string;
  /** The folder: the inbox (default) or the spam folder. */
  status?: TSubmissionStatus;
  /** Submissions left out by id (a digest leaves out those its reader was mailed one by one). */
  exceptIds?: string[];
};

function filterQuery(userId: Types.ObjectId, formId: Types.ObjectId, filter: TSubmissionFilter) {
  const createdAt: Record<string, Date> = {};
  if (filter.from) {
    createdAt.$gte = filter.from;
  }
  if (filter.until) {
    createdAt.$lt = filter.until;
  }

  return {
    formId,
    userId,
    ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
    ...(filter.exceptIds?.length
      ? { _id: { $nin: filter.exceptIds.flatMap((id) => toObjectId(id) ?? []) } }
      : {}),
    // Documents from before the spam folder have no status: they are inbox.
    status: filter.status === 'spam' ? ('spam' as const) : { $ne: 'spam' as const },
    // Only a string is a filter value; anything else (`{"$gt": ""}`) would be read as an operator,
    // so it matches nothing rather than everything.
    ...(filter.email !== undefined
      ? { email: typeof filter.email === 'string' ? filter.email : { $in: [] } }
      : {}),
  };
}

export type TCreateSubmissionRecord = Pick<
  TSubmissionRecord,
  'userId' | 'formId' | 'email' | 'data' | 'meta' | 'createdAt'
> & {
  /** The request that made it, carried into its outbox jobs' logs. */
  requestId?: string | null;
  /** Set on uniqueEmail forms only; guarded by the unique partial index {formId, emailKey}. */
  emailKey?: string;
  /** The side effects to deliver; each entry starts pending. */
  outbox: TNewOutboxEntry[];
  /** The classifier's verdict; `spam` files it withheld in the spam folder (no counters, no outbox). */
  verdict?: { status: TSubmissionStatus; score: number; reasons: string[] };
  /** Kept on withheld spam only: whether its release may confirm the submitter (see plan-outbox). */
  submitterVerified?: boolean;
};

export type TNewOutboxEntry = Pick<TOutboxEntryRecord, 'kind'> & {
  endpointId?: TOutboxEntryRecord['endpointId'];
  skipReason?: string;
  submitterVerified?: boolean;
};

/** An outbox entry as stored, pending, with its own id. */
export function newOutboxEntry(entry: TNewOutboxEntry) {
  return {
    kind: entry.kind,
    status: 'pending' as const,
    endpointId: entry.endpointId ? toObjectId(entry.endpointId) : null,
    attempts: 0,
    lastError: null,
    doneAt: null,
    skipReason: entry.skipReason ?? null,
    submitterVerified: entry.submitterVerified === true,
    _id: new mongoose.Types.ObjectId(),
  };
}

type TSubmissionIds = { userId: string; formId: string; submissionId: string };

type TOneSubmissionFilter = { _id: Types.ObjectId; formId: Types.ObjectId; userId: Types.ObjectId };

/** Runs a single-document query on one submission of this owner and form; null when none matches. */
async function oneSubmission(
  { userId, formId, submissionId }: TSubmissionIds,
  query: (filter: TOneSubmissionFilter) => Promise<TLeanSubmission | null>,
): Promise<TSubmissionRecord | null> {
  const _id = toObjectId(submissionId);
  if (!_id) {
    return null;
  }
  const doc = await withOwnedIds({ userId, formId }, null, (ids) =>
    query({ _id, formId: ids.form, userId: ids.owner }),
  );

  return doc ? toSubmissionRecord(doc) : null;
}

/**
 * The document a submit inserts, every path the schema declares filled as mongoose would fill it
 * (defaults, `_id`s, `__v`), so documents look the same whoever wrote them; a test compares it with
 * the model's own. Core validated `data`, `email` and `meta` before this point.
 */
export function newSubmissionDocument(input: TCreateSubmissionRecord, { marked = true } = {}) {
  const verdict = input.verdict ?? { status: 'inbox', score: 0, reasons: [] };
  const withheld = verdict.status === 'spam';

  return {
    _id: new mongoose.Types.ObjectId(),
    formId: requireObjectId(input.formId),
    userId: requireObjectId(input.userId),
    email: input.email ?? null,
    ...(input.emailKey !== undefined ? { emailKey: input.emailKey } : {}),
    data: input.data,
    meta: {
      browser: input.meta.browser,
      os: input.meta.os,
      device: input.meta.device,
      country: input.meta.country,
    },
    outbox: withheld ? [] : input.outbox.map(newOutboxEntry),
    hasPendingOutbox: !withheld && input.outbox.length > 0,
    requestId: input.requestId ?? null,
    status: verdict.status,
    spamScore: verdict.score,
    spamReasons: verdict.reasons,
    // Withheld spam is counted nowhere until released. Everything else is counted: in the insert's
    // own command (storeSubmission, `marked: false`), or later by countPending, which takes the mark.
    ...(withheld
      ? {
          withheld: true,
          spamSince: input.createdAt,
          ...(input.submitterVerified === true ? { submitterVerified: true } : {}),
        }
      : marked
        ? { countersPending: true }
        : {}),
    createdAt: input.createdAt,
    __v: 0,
  };
}

/** Submissions, always scoped by owner and form. */
export const submissionRepository = {
  /**
   * The owner's submissions whose submitter email (stored normalised) is `email`, across the given
   * forms of that owner, oldest first: finding a submitter's data for an access or erasure request.
   */
  async listByEmail({
    userId,
    formIds,
    email,
  }: {
    userId: string;
    formIds: string[];
    email: string;
  }): Promise<TSubmissionRecord[]> {
    const owner = toObjectId(userId);
    const forms = formIds.map(toObjectId).filter((id) => id !== null);
    if (!owner || forms.length === 0) {
      return [];
    }
    const docs = await SubmissionModel.find({ formId: { $in: forms }, userId: owner, email })
      .sort({ _id: 1 })
      .lean<TLeanSubmission[]>();

    return docs.map(toSubmissionRecord);
  },

  /** Every submission of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TSubmissionRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        SubmissionModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanSubmission[]>()
          .cursor() as AsyncIterable<TLeanSubmission>,
      toSubmissionRecord,
    );
  },

  /**
   * One insert carries the submission and its outbox, so a crash or a Redis outage can delay its side
   * effects but never lose them.
   * Throws E11000 when a uniqueEmail form already has this email.
   */
  async create(input: TCreateSubmissionRecord): Promise<TSubmissionRecord> {
    const doc = newSubmissionDocument(input);
    // Straight to the driver (the insert of every submit): mongoose's document building, casting
    // and save hooks cost more CPU than the insert itself, and the document is complete already.
    await SubmissionModel.collection.insertOne(doc);

    return toSubmissionRecord(doc);
  },

  async existsWithEmailKey({
    userId,
    formId,
    emailKey,
  }: {
    userId: string;
    formId: string;
    emailKey: string;
  }): Promise<boolean> {
    return withOwnedIds({ userId, formId }, false, async (ids) => {
      // A non-string would be read as an operator (see filterQuery).
      if (typeof emailKey !== 'string') {
        return false;
      }

      return (await SubmissionModel.exists({ formId: ids.form, emailKey, userId: ids.owner })) !== null;
    });
  },

  findById(ids: TSubmissionIds): Promise<TSubmissionRecord | null> {
    return oneSubmission(ids, (filter) => SubmissionModel.findOne(filter).lean<TLeanSubmission>());
  },

  async list({
    userId,
    formId,
    limit,
    after,
    filter = {},
  }: {
    userId: string;
    formId: string;
    limit: number;
    after?: TPageAfter;
    filter?: TSubmissionFilter;
  }): Promise<TPage<TSubmissionRecord>> {
    return withOwnedIds({ userId, formId }, { items: [], hasMore: false }, async (ids) => {
      const docs = await SubmissionModel.find({
        ...filterQuery(ids.owner, ids.form, filter),
        ...afterFilter(after, after ? toObjectId(after.id) : null),
      })
        .sort({ createdAt: -1, _id: -1 })
        .limit(limit + 1)
        .lean<TLeanSubmission[]>();

      return { items: docs.slice(0, limit).map(toSubmissionRecord), hasMore: docs.length > limit };
    });
  },

  /** How many submissions match (a digest's total when it shows only the newest). */
  async count({
    userId,
    formId,
    filter = {},
  }: {
    userId: string;
    formId: string;
    filter?: TSubmissionFilter;
  }): Promise<number> {
    return withOwnedIds({ userId, formId }, 0, (ids) =>
      SubmissionModel.countDocuments(filterQuery(ids.owner, ids.form, filter)),
    );
  },

  /** Every matching submission, newest first, read in batches (CSV export). */
  async *iterate({
    userId,
    formId,
    filter = {},
    batchSize = 500,
  }: {
    userId: string;
    formId: string;
    filter?: TSubmissionFilter;
    batchSize?: number;
  }): AsyncGenerator<TSubmissionRecord> {
    let after: TPageAfter | undefined;
    for (;;) {
      const page = await submissionRepository.list({ userId, formId, limit: batchSize, after, filter });
      for (const item of page.items) {
        yield item;
      }
      const last = page.items.at(-1);
      if (!page.hasMore || !last) {
        return;
      }
      after = { createdAt: last.createdAt, id: last.id };
    }
  },

  /** Deletes one submission and returns it (the caller settles its counters), or null. */
  remove(ids: TSubmissionIds): Promise<TSubmissionRecord | null> {
    return oneSubmission(ids, (filter) => SubmissionModel.findOneAndDelete(filter).lean<TLeanSubmission>());
  },

  async delete(options: TSubmissionIds): Promise<boolean> {
    return (await submissionRepository.remove(options)) !== null;
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<number> {
    return withOwnedIds({ userId, formId }, 0, async (ids) => {
      const result = await SubmissionModel.deleteMany({ formId: ids.form, userId: ids.owner });

      return result.deletedCount;
    });
  },

  /**
   * Retention: deletes up to `limit` of the form's submissions created before `before`, one at a
   * time, and returns those this call deleted (a concurrent delete of the same one returns it to
   * that caller only), so the caller lowers every counter for exactly these. Submissions whose
   * counters are still pending are left for the counter sweep.
   */
  async removeOlderThan({
    userId,
    formId,
    before,
    limit,
  }: {
    userId: string;
    formId: string;
    before: Date;
    limit: number;
  }): Promise<TSubmissionRecord[]> {
    return withOwnedIds({ userId, formId }, [], async (ids) => {
      const expired = await SubmissionModel.find(
        {
          formId: ids.form,
          userId: ids.owner,
          createdAt: { $lt: before },
          countersPending: { $exists: false },
          // Withheld spam was never counted; the spam folder's own purge removes it.
          withheld: { $exists: false },
        },
        { _id: 1 },
      )
        .limit(limit)
        .lean<{ _id: { toString(): string } }[]>();
      const removed = await Promise.all(
        expired.map((doc) =>
          submissionRepository.remove({ userId, formId, submissionId: doc._id.toString() }),
        ),
      );

      return removed.filter((submission) => submission !== null);
    });
  },

  /** A fresh id for the honeypot's fake success (nothing is stored). */
  newId(): string {
    return new mongoose.Types.ObjectId().toString();
  },
};
