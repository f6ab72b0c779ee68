import type { TEmailLogRecord } from '@formwell/db';

/** One logged email as `mail list` shows it: who, what, and what became of it. */
export type TEmailSummaryView = {
  id: string;
  to: string;
  subject: string;
  status: string;
  createdAt: string;
};

/**
 * One logged email whole. `text` and `html` are kept only for captured messages (no SMTP server),
 * so they are null for mail that actually went out; `from` is null on entries logged before it was
 * kept.
 */
export type TEmailView = TEmailSummaryView & {
  from: string | null;
  text: string | null;
  html: string | null;
  error: string | null;
};

export function toEmailSummaryView(record: TEmailLogRecord): TEmailSummaryView {
  return {
    id: record.id,
    to: record.to,
    subject: record.subject,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
  };
}

export function toEmailView(record: TEmailLogRecord): TEmailView {
  return {
    ...toEmailSummaryView(record),
    from: record.from,
    text: record.text,
    html: record.html,
    error: record.error,
  };
}
