import type { TSubmissionMeta, TSubmissionRecord } from '@formwell/db';

/** Element of the submissions list (decisions §7). */
export type TSubmissionView = {
  id: string;
  formId: string;
  email: string | null;
  data: Record<string, unknown>;
  meta: TSubmissionMeta;
  createdAt: string;
};

export function toSubmissionView(record: TSubmissionRecord): TSubmissionView {
  return {
    id: record.id,
    formId: record.formId,
    email: record.email,
    data: record.data,
    meta: record.meta,
    createdAt: record.createdAt.toISOString(),
  };
}
