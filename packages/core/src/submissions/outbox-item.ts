import type { TOutboxKind } from '@formwell/db';

/** A pending side effect as handed to the job producers: ids only, no PII or secrets. */
export type TOutboxItem = {
  submissionId: string;
  entryId: string;
  formId: string;
  userId: string;
  kind: TOutboxKind;
  endpointId: string | null;
  /** The HTTP request that made the submission, so job logs can be matched with it; null if unknown. */
  requestId: string | null;
};
