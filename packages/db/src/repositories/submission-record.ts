/** Submissions as the repositories hand them out: `_id` → `id: string`, defaults filled. */
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
  /** True while the form's counters do not include this submission yet (interrupted submit). */
  countersPending: boolean;
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

export type TLeanSubmission = {
  _id: { toString(): string };
  formId: { toString(): string };
  userId: { toString(): string };
  email?: string | null;
  data: Record<string, unknown>;
  meta?: Partial<TSubmissionMeta> | null;
  outbox?: TLeanOutbox[] | null;
  countersPending?: boolean | null;
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
    createdAt: doc.createdAt,
  };
}
