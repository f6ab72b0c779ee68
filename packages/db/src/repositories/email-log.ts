import { EmailLogModel, type TEmailLogDoc } from '../models/email-log.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';
import type { TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TEmailLogRecord = TRecordOf<TEmailLogDoc> & { id: string };

export type TCreateEmailLogRecord = Omit<TEmailLogRecord, 'id'>;

const optionalId = (id: string | null) => (id === null ? null : requireObjectId(id));

/** The log of emails, one entry per message. */
export const emailLogRepository = {
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

  /** Emails of one kind sent for a form since `since` (the hourly cap). */
  async countSentForForm({
    formId,
    kind,
    since,
  }: {
    formId: string;
    kind: string;
    since: Date;
  }): Promise<number> {
    return EmailLogModel.countDocuments({
      formId: requireObjectId(formId),
      kind,
      status: { $in: ['sent', 'captured'] },
      createdAt: { $gte: since },
    });
  },
};
