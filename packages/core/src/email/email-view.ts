import type { TEmailLogRecord } from '@formwell/db';
import { z } from 'zod';

import { emailErrorCategory } from './email-error-category.js';

/** One logged email as `mail list` and the dashboard's mail list show it: who, what, what became of it. */
export const ZEmailSummaryViewSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * One logged email whole. `text` and `html` are there for captured messages (no SMTP server) and
 * for those the local SMTP catcher received; null for mail that went out to a real SMTP server.
 * `from` and `replyTo` are null on entries logged before they were kept; `replyTo` is null too
 * for a message without one.
 */
export const ZEmailViewSchema = ZEmailSummaryViewSchema.extend({
  from: z.string().nullable(),
  replyTo: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  error: z.string().nullable(),
});

export type TEmailSummaryView = z.infer<typeof ZEmailSummaryViewSchema>;
export type TEmailView = z.infer<typeof ZEmailViewSchema>;

export function toEmailSummaryView(record: TEmailLogRecord): TEmailSummaryView {
  return {
    id: record.id,
    to: record.to,
    subject: record.subject,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * `fullError`: the SMTP client's whole text, for staff and the operator; owners get its category
 * only (email-error-category.ts). Only failures are categorised: a skipped email's reason is ours.
 */
export function toEmailView(record: TEmailLogRecord, { fullError }: { fullError: boolean }): TEmailView {
  return {
    ...toEmailSummaryView(record),
    from: record.from,
    replyTo: record.replyTo,
    text: record.text,
    html: record.html,
    error:
      !fullError && record.status === 'failed' && record.error !== null
        ? emailErrorCategory(record.error)
        : record.error,
  };
}
