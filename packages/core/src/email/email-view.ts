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
 * One logged email whole. `text` and `html` are there for captured messages (no SMTP server) and
 * for those the local SMTP catcher received; null for mail that went out to a real SMTP server.
 * `from` is null on entries logged before it was kept.
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
