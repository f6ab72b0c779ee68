import { ACCOUNT_EMAIL_KINDS } from '../models/account-email.js';
import { EmailLogModel, type TEmailLogDoc } from '../models/email-log.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import { ownerFilter, type TOwnerReader } from './owner-reader.js';
import { afterFilter, type TPage, type TPageAfter } from './page.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';
import { streamByOwner } from './stream-by-owner.js';

export type TEmailLogRecord = TRecordOf<TEmailLogDoc> & { id: string };

export type TCreateEmailLogRecord = Omit<TEmailLogRecord, 'id'>;

const optionalId = (id: string | null) => (id === null ? null : requireObjectId(id));

/**
 * Which logged emails a reader is shown. Account mail (invitations, verification and reset links)
 * is the addressee's own: it is filed under a workspace id, but a member of that workspace must
 * never read another person's one-time link, so only the operator's CLI sees it.
 */
export type TEmailLogVisibility = 'everything' | 'without-account-mail';

function visibilityFilter(visibility: TEmailLogVisibility): Record<string, unknown> {
  return visibility === 'everything' ? {} : { kind: { $nin: ACCOUNT_EMAIL_KINDS } };
}

type TLeanEmailLog = TLeanOf<
  TEmailLogDoc,
  'userId' | 'entryId' | 'kind' | 'to' | 'subject' | 'status' | 'createdAt'
>;

function toRecord(doc: TLeanEmailLog): TEmailLogRecord {
  return {
    id: doc._id.toString(),
    userId: doc.userId.toString(),
    formId: doc.formId?.toString() ?? null,
    submissionId: doc.submissionId?.toString() ?? null,
    entryId: doc.entryId.toString(),
    kind: doc.kind,
    to: doc.to,
    from: doc.from ?? null,
    subject: doc.subject,
    replyTo: doc.replyTo ?? null,
    status: doc.status,
    error: doc.error ?? null,
    messageId: doc.messageId ?? null,
    text: doc.text ?? null,
    html: doc.html ?? null,
    createdAt: doc.createdAt,
  };
}

/** The log of emails, one entry per message. */
export const emailLogRepository = {
  /** Removes the owner's log entries of emails sent to `to` (a submitter's erasure); returns how many. */
  async deleteByRecipient({ userId, to }: { userId: string; to: string }): Promise<number> {
    const owner = toObjectId(userId);
    if (!owner) {
      return 0;
    }

    return (await EmailLogModel.deleteMany({ userId: owner, to })).deletedCount;
  },

  /** Every email log entry of the owner, oldest first, streamed (account export). */
  streamByUser({ userId }: { userId: string }): AsyncGenerator<TEmailLogRecord> {
    return streamByOwner(
      userId,
      (owner) =>
        EmailLogModel.find({ userId: owner })
          .sort({ _id: 1 })
          .lean<TLeanEmailLog[]>()
          .cursor() as AsyncIterable<TLeanEmailLog>,
      toRecord,
    );
  },

  /** Records one message; false when its outbox entry already has one (a retried job). */
  async create(input: TCreateEmailLogRecord): Promise<boolean> {
    try {
      await EmailLogModel.create({
        ...input,
        userId: requireObjectId(input.userId),
        formId: optionalId(input.formId),
        submissionId: optionalId(input.submissionId),
        entryId: requireObjectId(input.entryId),
      });

      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return false;
      }
      throw error;
    }
  },

  async findByEntry({ entryId }: { entryId: string }): Promise<{ status: string } | null> {
    const entry = toObjectId(entryId);
    if (!entry) {
      return null;
    }

    return EmailLogModel.findOne({ entryId: entry }, { status: 1 }).lean<{ status: string }>();
  },

  /**
   * The submissions of one form whose own email of `kind` reached `to` (sent, or captured where no
   * mail server is configured) at or after `since`: what that address already read one by one.
   */
  async submissionsMailedTo({
    userId,
    formId,
    kind,
    to,
    since,
  }: {
    userId: string;
    formId: string;
    kind: string;
    to: string;
    since: Date;
  }): Promise<string[]> {
    const owner = toObjectId(userId);
    const form = toObjectId(formId);
    if (!owner || !form) {
      return [];
    }
    const docs = await EmailLogModel.find(
      {
        formId: form,
        kind,
        createdAt: { $gte: since },
        userId: owner,
        to,
        status: { $in: ['sent', 'captured'] },
        submissionId: { $ne: null },
      },
      { submissionId: 1 },
    ).lean<{ submissionId: { toString(): string } }[]>();

    return docs.map((doc) => doc.submissionId.toString());
  },

  /** Logged emails newest first: all of them (staff, the operator) or those sent for one owner. */
  async list({
    reader,
    visibility,
    limit,
    after,
  }: {
    reader: TOwnerReader;
    visibility: TEmailLogVisibility;
    limit: number;
    after?: TPageAfter;
  }): Promise<TPage<TEmailLogRecord>> {
    const owner = ownerFilter(reader);
    if (!owner) {
      return { items: [], hasMore: false };
    }
    const docs = await EmailLogModel.find({
      ...owner,
      ...visibilityFilter(visibility),
      ...afterFilter(after, after ? toObjectId(after.id) : null),
    })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<TLeanEmailLog[]>();

    return { items: docs.slice(0, limit).map(toRecord), hasMore: docs.length > limit };
  },

  /** One logged email by its id; null for an unknown or malformed id, or another owner's email. */
  async findById({
    reader,
    visibility,
    id,
  }: {
    reader: TOwnerReader;
    visibility: TEmailLogVisibility;
    id: string;
  }): Promise<TEmailLogRecord | null> {
    const emailId = toObjectId(id);
    const owner = ownerFilter(reader);
    if (!emailId || !owner) {
      return null;
    }
    const doc = await EmailLogModel.findOne({
      _id: emailId,
      ...owner,
      ...visibilityFilter(visibility),
    }).lean<TLeanEmailLog>();

    return doc ? toRecord(doc) : null;
  },

  /** Emails of one kind skipped by rule for a form in [since, until) (the hourly cap's summary). */
  async countSkippedForForm({
    formId,
    kind,
    since,
    until,
  }: {
    formId: string;
    kind: string;
    since: Date;
    until: Date;
  }): Promise<number> {
    return EmailLogModel.countDocuments({
      formId: requireObjectId(formId),
      kind,
      status: 'skipped',
      createdAt: { $gte: since, $lt: until },
    });
  },
};
