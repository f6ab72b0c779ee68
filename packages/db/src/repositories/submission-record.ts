import type { TOutboxEntryDoc, TSubmissionDoc } from '../models/submission.js';
import type { TLeanOf, TRecordOf } from './record-of.js';

/** Submissions as the repositories hand them out (derived from the model): `_id` → `id`, defaults filled. */
export type TOutboxKind = TOutboxEntryDoc['kind'];

export type TOutboxEntryRecord = TRecordOf<TOutboxEntryDoc> & { id: string };

type TStoredSubmission = TRecordOf<Omit<TSubmissionDoc, 'outbox' | 'data'>>;

export type TSubmissionMeta = NonNullable<TStoredSubmission['meta']>;

export type TSubmissionRecord = Omit<
  TStoredSubmission,
  | 'emailKey'
  | 'hasPendingOutbox'
  | 'meta'
  | 'countersPending'
  | 'status'
  | 'withheld'
  | 'withdrawn'
  | 'submitterVerified'
> & {
  id: string;
  data: Record<string, unknown>;
  meta: TSubmissionMeta;
  outbox: TOutboxEntryRecord[];
  /** True while the form's counters do not include this submission yet (interrupted submit). */
  countersPending: boolean;
  status: TSubmissionStatus;
  /** True while it sits in the spam folder never delivered (no quota, count, analytics or outbox). */
  withheld: boolean;
  /** Withheld after it was delivered (the owner marked it spam): a release sends nothing again. */
  withdrawn: boolean;
  /** Withheld at submit time from a vouched-for submitter: its release may confirm them. */
  submitterVerified: boolean;
};

export type TSubmissionStatus = NonNullable<TSubmissionDoc['status']>;

type TLeanOutbox = TLeanOf<TOutboxEntryDoc, 'kind' | 'status'>;

export type TLeanSubmission = Omit<
  TLeanOf<TSubmissionDoc, 'formId' | 'userId' | 'createdAt'>,
  'outbox' | 'data'
> & { data: Record<string, unknown>; outbox?: TLeanOutbox[] | null };

function toOutbox(entry: TLeanOutbox): TOutboxEntryRecord {
  return {
    id: entry._id.toString(),
    kind: entry.kind,
    status: entry.status === 'done' ? 'done' : 'pending',
    endpointId: entry.endpointId ? entry.endpointId.toString() : null,
    attempts: entry.attempts ?? 0,
    lastError: entry.lastError ?? null,
    doneAt: entry.doneAt ?? null,
    skipReason: entry.skipReason ?? null,
    submitterVerified: entry.submitterVerified === true,
  };
}

export function toSubmissionRecord(doc: TLeanSubmission): TSubmissionRecord {
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
    countersPending: doc.countersPending === true,
    requestId: doc.requestId ?? null,
    status: doc.status === 'spam' ? 'spam' : 'inbox',
    spamScore: doc.spamScore ?? 0,
    spamReasons: doc.spamReasons ?? [],
    withheld: doc.withheld === true,
    withdrawn: doc.withdrawn === true,
    submitterVerified: doc.submitterVerified === true,
    spamSince: doc.spamSince ?? null,
    markedAs: doc.markedAs ?? null,
    createdAt: doc.createdAt,
  };
}
