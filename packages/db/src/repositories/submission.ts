import mongoose, { type Types } from 'mongoose';

import { SubmissionModel } from '../models/submission.js';
import { toObjectId } from './object-id.js';
import { requireObjectId } from './require-object-id.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';

export type TOutboxKind = 'email.confirmation' | 'email.developer' | 'webhook';

export type TOutboxEntryRecord = {
  id: string;
  kind: TOutboxKind;
  status: 'pending' | 'done';
  endpointId: string | null;
  attempts: number;
  lastError: string | null;
  doneAt: Date | null;
};

export type TSubmissionMeta = { browser: string; os: string; device: string; country: string };

export type TSubmissionRecord = {
  id: string;
  formId: string;
  userId: string;
  email: string | null;
  data: Record<string, unknown>;
  meta: TSubmissionMeta;
  outbox: TOutboxEntryRecord[];
  createdAt: Date;
};

type TLeanOutbox = {
  _id: { toString(): string };
  kind: string;
  status: string;
  endpointId?: { toString(): string } | null;
  attempts?: number | null;
  lastError?: string | null;
  doneAt?: Date | null;
};

type TLeanSubmission = {
  _id: { toString(): string };
  formId: { toString(): string };
  userId: { toString(): string };
  email?: string | null;
  data: Record<string, unknown>;
  meta?: Partial<TSubmissionMeta> | null;
  outbox?: TLeanOutbox[] | null;
  createdAt: Date;
};

function toOutbox(entry: TLeanOutbox): TOutboxEntryRecord {
  return {
    id: entry._id.toString(),
    kind: entry.kind as TOutboxKind,
    status: entry.status === 'done' ? 'done' : 'pending',
    endpointId: entry.endpointId ? entry.endpointId.toString() : null,
    attempts: entry.attempts ?? 0,
    lastError: entry.lastError ?? null,
    doneAt: entry.doneAt ?? null,
  };
}

function toRecord(doc: TLeanSubmission): TSubmissionRecord {
  return {
    id: doc._id.toString(),
    formId: doc.formId.toString(),
    userId: doc.userId.toString(),
    email: doc.email ?? null,
    data: doc.data,
    meta: {
      browser: doc.meta?.browser ?? 'Unknown',
      os: doc.meta?.os ?? 'Unknown',
      device: doc.meta?.device ?? 'Unknown',
      country: doc.meta?.country ?? 'Unknown',
    },
    outbox: (doc.outbox ?? []).map(toOutbox),
    createdAt: doc.createdAt,
  };
}

export type TSubmissionFilter = {
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  until?: Date;
  /** Exact (normalised, lower-case) submitter email. */
  email?: string;
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
    ...(filter.email !== undefined ? { email: filter.email } : {}),
  };
}

export type TCreateSubmissionRecord = {
  userId: string;
  formId: string;
  email: string | null;
  /** Set on uniqueEmail forms only; guarded by the unique partial index {formId, emailKey}. */
  emailKey?: string;
  data: Record<string, unknown>;
  meta: TSubmissionMeta;
  outbox: { kind: TOutboxKind; endpointId?: string | null }[];
  createdAt: Date;
};

/** Submissions, always scoped by owner and form. */
export const submissionRepository = {
  /**
   * One insert carries the submission and its outbox, so side effects are never lost (decisions §8).
   * Throws E11000 when a uniqueEmail form already has this email.
   */
  async create(input: TCreateSubmissionRecord): Promise<TSubmissionRecord> {
    const doc = await SubmissionModel.create({
      ...input,
      formId: requireObjectId(input.formId),
      userId: requireObjectId(input.userId),
      outbox: input.outbox.map((entry) => ({
        kind: entry.kind,
        status: 'pending',
        endpointId: entry.endpointId ? toObjectId(entry.endpointId) : null,
      })),
      hasPendingOutbox: input.outbox.length > 0,
    });

    return toRecord(doc.toObject());
  },

  async existsWithEmailKey({ formId, emailKey }: { formId: string; emailKey: string }): Promise<boolean> {
    const _id = toObjectId(formId);
    if (!_id) {
      return false;
    }

    return (await SubmissionModel.exists({ formId: _id, emailKey })) !== null;
  },

  async findById({
    userId,
    formId,
    submissionId,
  }: {
    userId: string;
    formId: string;
    submissionId: string;
  }): Promise<TSubmissionRecord | null> {
    const _id = toObjectId(submissionId);
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!_id || !form || !owner) {
      return null;
    }
    const doc = await SubmissionModel.findOne({ _id, formId: form, userId: owner }).lean<TLeanSubmission>();

    return doc ? toRecord(doc) : null;
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
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return { items: [], hasMore: false };
    }
    const docs = await SubmissionModel.find({
      ...filterQuery(owner, form, filter),
      ...afterFilter(after, after ? toObjectId(after.id) : null),
    })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanSubmission[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
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

  async delete({
    userId,
    formId,
    submissionId,
  }: {
    userId: string;
    formId: string;
    submissionId: string;
  }): Promise<boolean> {
    const _id = toObjectId(submissionId);
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!_id || !form || !owner) {
      return false;
    }
    const result = await SubmissionModel.deleteOne({ _id, formId: form, userId: owner });

    return result.deletedCount > 0;
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<number> {
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return 0;
    }
    const result = await SubmissionModel.deleteMany({ formId: form, userId: owner });

    return result.deletedCount;
  },

  /** The sweeper's query: submissions whose outbox still has pending entries, oldest first. */
  async findWithPendingOutbox({ createdBefore, limit }: { createdBefore: Date; limit: number }): Promise<TSubmissionRecord[]> {
    const docs = await SubmissionModel.find({ hasPendingOutbox: true, createdAt: { $lt: createdBefore } })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<TLeanSubmission[]>();

    return docs.map(toRecord);
  },

  /** Marks one outbox entry done, then clears the pending flag when nothing is left. */
  async markOutboxDone({
    submissionId,
    entryId,
    now,
  }: {
    submissionId: string;
    entryId: string;
    now: Date;
  }): Promise<boolean> {
    const _id = toObjectId(submissionId);
    const entry = toObjectId(entryId);
    if (!_id || !entry) {
      return false;
    }
    // Engine workarounds (real MongoDB accepts the direct forms): arrayFilters instead of the
    // positional `$`, which the embedded engine rejects, and one element path per update, since it
    // reports two paths under the same `$[entry]` as a conflict. The status write is the one that counts.
    const result = await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].status': 'done' } },
      { arrayFilters: [{ 'entry._id': entry, 'entry.status': 'pending' }] },
    );
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].doneAt': now } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
    await SubmissionModel.updateOne(
      { _id, hasPendingOutbox: true, 'outbox.status': { $ne: 'pending' } },
      { $set: { hasPendingOutbox: false } },
    );

    return result.modifiedCount > 0;
  },

  /** Records a failed attempt on an outbox entry (it stays pending for the sweeper). */
  async recordOutboxFailure({
    submissionId,
    entryId,
    error,
  }: {
    submissionId: string;
    entryId: string;
    error: string;
  }): Promise<void> {
    const _id = toObjectId(submissionId);
    const entry = toObjectId(entryId);
    if (!_id || !entry) {
      return;
    }
    // Two updates for the engine's one-path-per-element limitation (see markOutboxDone).
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $inc: { 'outbox.$[entry].attempts': 1 } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
    await SubmissionModel.updateOne(
      { _id, 'outbox._id': entry },
      { $set: { 'outbox.$[entry].lastError': error.slice(0, 1000) } },
      { arrayFilters: [{ 'entry._id': entry }] },
    );
  },

  /** A fresh id for the honeypot's fake success (nothing is stored). */
  newId(): string {
    return new mongoose.Types.ObjectId().toString();
  },
};
