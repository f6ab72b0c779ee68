import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { bulkWriteIfSupported, namespaceOf } from './bulk-write.js';
import { formRepository } from './form.js';
import { toObjectId } from './object-id.js';
import {
  newOutboxEntry,
  newSubmissionDocument,
  type TCreateSubmissionRecord,
  type TNewOutboxEntry,
} from './submission.js';
import { toSubmissionRecord, type TLeanSubmission, type TSubmissionRecord } from './submission-record.js';

type TSubmissionIds = { userId: string; formId: string; submissionId: string };

/** The submission's ids as a filter, or null when one is not an ObjectId (it names nothing). */
function oneFilter({ userId, formId, submissionId }: TSubmissionIds) {
  const _id = toObjectId(submissionId);
  const form = toObjectId(formId);
  const owner = toObjectId(userId);

  return _id && form && owner ? { _id, formId: form, userId: owner } : null;
}

/**
 * The form's `spamFolderCount` follows a move that only the one winning update gets to make (so a
 * move is counted once). Two writes, not one command: a crash between them leaves the count one off,
 * as it would a deletion's.
 */
async function movedFolder({ userId, formId }: TSubmissionIds, by: 1 | -1): Promise<void> {
  await formRepository.incrementCounts({ userId, formId, by: { spamFolderCount: by } });
}

/**
 * The spam folder's moves. Each is one conditional single-document update, so of two concurrent
 * moves of the same submission exactly one wins (gets the document back) and the other gets null:
 * that is what makes a release deliver once however many clicks race.
 */
export const spamFolderRepository = {
  /**
   * Files a submission the classifier judged spam: the submission and its form's
   * `spamFolderCount`, in one command where the server has MongoDB 8.0's `bulkWrite` (one journal
   * commit on the embedded engine, so neither exists without the other after a crash there), else
   * one after the other.
   */
  async file(record: TCreateSubmissionRecord): Promise<TSubmissionRecord> {
    const document = newSubmissionDocument(record);
    const counted = {
      filter: { _id: document.formId, userId: document.userId },
      update: { $inc: { spamFolderCount: 1, countsVersion: 1 } },
    };
    const result = await bulkWriteIfSupported(
      SubmissionModel.db.getClient(),
      [
        { name: 'insertOne', namespace: namespaceOf(SubmissionModel), document },
        { name: 'updateOne', namespace: namespaceOf(FormModel), ...counted },
      ],
      { ordered: true },
    );
    if (!result) {
      await SubmissionModel.collection.insertOne(document);
      await FormModel.collection.updateOne(counted.filter, counted.update);
    }

    return toSubmissionRecord(document);
  },

  /**
   * Moves a withheld spam submission to the inbox with the outbox it now owes and its `countersPending`
   * mark (the counter sweep finishes the counting after a crash). Returns the submission as it was
   * before, with the new outbox entries; null when it is no longer withheld (released already).
   * Throws E11000 when `emailKey` is taken (a uniqueEmail form received the address meanwhile).
   */
  async release(
    ids: TSubmissionIds & { outbox: TNewOutboxEntry[]; emailKey?: string; withdrawn: boolean },
  ): Promise<{ before: TSubmissionRecord; outbox: ReturnType<typeof newOutboxEntry>[] } | null> {
    const filter = oneFilter(ids);
    if (!filter) {
      return null;
    }
    const outbox = ids.outbox.map(newOutboxEntry);
    // A withdrawn submission's outbox went out when it was first delivered: it keeps that one, and
    // its counting is the caller's (one-off increments; see withdraw). The filter holds the caller
    // to the state it planned for.
    const doc = await SubmissionModel.collection.findOneAndUpdate(
      { ...filter, withheld: true, withdrawn: ids.withdrawn ? true : { $exists: false } },
      {
        $set: {
          status: 'inbox',
          markedAs: 'inbox',
          ...(ids.withdrawn ? {} : { outbox, hasPendingOutbox: outbox.length > 0, countersPending: true }),
          ...(ids.emailKey !== undefined ? { emailKey: ids.emailKey } : {}),
        },
        $unset: { withheld: '', withdrawn: '', spamSince: '', submitterVerified: '' },
      },
      { returnDocument: 'before' },
    );
    if (!doc) {
      return null;
    }
    await movedFolder(ids, -1);

    return { before: toSubmissionRecord(doc as unknown as TLeanSubmission), outbox };
  },

  /**
   * Withholds a delivered submission the owner marked spam: into the folder, out of the counts
   * (the caller lowers them), its unique-email claim given up. Only once its counting finished
   * (no `countersPending`), so the count-once window still holds its id and a late after-response
   * step cannot count it again. Returns it as it was before; null when it is spam already, or its
   * counters are still pending, or another mark won.
   */
  async withdraw(ids: TSubmissionIds & { now: Date }): Promise<TSubmissionRecord | null> {
    const filter = oneFilter(ids);
    if (!filter) {
      return null;
    }
    const doc = await SubmissionModel.collection.findOneAndUpdate(
      {
        ...filter,
        withheld: { $exists: false },
        status: { $ne: 'spam' },
        countersPending: { $exists: false },
      },
      {
        $set: { status: 'spam', markedAs: 'spam', spamSince: ids.now, withheld: true, withdrawn: true },
        $unset: { emailKey: '' },
      },
      { returnDocument: 'before' },
    );
    if (!doc) {
      return null;
    }
    await movedFolder(ids, 1);

    return toSubmissionRecord(doc as unknown as TLeanSubmission);
  },

  /**
   * Moves spam that stayed counted and delivered back to the inbox: documents filed before a mark
   * withheld delivered submissions. Returns it as it was before; null when it is not such spam.
   */
  async returnCounted(ids: TSubmissionIds): Promise<TSubmissionRecord | null> {
    const filter = oneFilter(ids);
    if (!filter) {
      return null;
    }
    const doc = await SubmissionModel.collection.findOneAndUpdate(
      { ...filter, withheld: { $exists: false }, status: 'spam' },
      { $set: { status: 'inbox', markedAs: 'inbox' }, $unset: { spamSince: '' } },
      { returnDocument: 'before' },
    );
    if (!doc) {
      return null;
    }
    await movedFolder(ids, -1);

    return toSubmissionRecord(doc as unknown as TLeanSubmission);
  },

  /** Spam that entered the folder before `before`, oldest first, every owner (the purge). */
  async findExpired({ before, limit }: { before: Date; limit: number }): Promise<TSubmissionRecord[]> {
    const docs = await SubmissionModel.find({ status: 'spam', spamSince: { $lt: before } })
      .sort({ spamSince: 1 })
      .limit(limit)
      .lean<TLeanSubmission[]>();

    return docs.map(toSubmissionRecord);
  },
};
