/** One message as the templates render it. */
export type TEmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Where a mail client's own unsubscribe button POSTs (RFC 8058): the mailer sends it as the
   * `List-Unsubscribe` and `List-Unsubscribe-Post` headers.
   */
  oneClickUnsubscribeUrl?: string;
};

/**
 * How core sends mail; the worker provides it (SMTP through nodemailer, or local capture when no
 * SMTP server is configured). `captured` says the message was kept, not sent.
 */
export type TMailer = {
  /** The sender address every message goes out with (kept in the email log with each message). */
  readonly from: string;
  send(message: TEmailMessage): Promise<{ messageId: string | null; captured: boolean }>;
};

/**
 * A refusal that retrying cannot fix: the SMTP server answered with a 5xx code (unknown mailbox,
 * rejected sender, message refused). 4xx answers and connection failures are worth retrying.
 */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;

  return typeof code === 'number' && code >= 500 && code < 600;
}
