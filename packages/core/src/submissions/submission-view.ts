import type { TSubmissionRecord } from '@formwell/db';
import { z } from 'zod';

/** The two folders of a form's submissions. */
export const ZSubmissionStatusSchema = z.enum(['inbox', 'spam']);

/** A stored submission as listed and fetched; `meta` holds derived values only, never raw headers. */
export const ZSubmissionViewSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    email: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    meta: z.object({ browser: z.string(), os: z.string(), device: z.string(), country: z.string() }),
    /** The folder: `spam` submissions are listed only with `?status=spam`. */
    status: ZSubmissionStatusSchema,
    /** The spam classifier's score at submit time, 0..1, and why (`links`, `learned`, `rate`, ...). */
    spamScore: z.number(),
    spamReasons: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'Submission' });

export type TSubmissionView = z.infer<typeof ZSubmissionViewSchema>;

export function toSubmissionView(record: TSubmissionRecord): TSubmissionView {
  return {
    id: record.id,
    formId: record.formId,
    email: record.email,
    data: record.data,
    meta: record.meta,
    status: record.status,
    spamScore: record.spamScore,
    spamReasons: record.spamReasons,
    createdAt: record.createdAt.toISOString(),
  };
}
