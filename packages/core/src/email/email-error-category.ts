/**
 * What an account owner is told of a failed email. The SMTP client's own text names the relay's
 * internal host names and addresses (`connect ECONNREFUSED 10.0.0.5:25`, `getaddrinfo ENOTFOUND
 * relay.internal`, the server's reply lines), which are the operator's business, not the
 * customer's: owners read one of these categories, staff and the CLI the full text.
 */
export const EmailErrorCategory = {
  REJECTED: 'rejected by the mail server',
  UNREACHABLE: 'mail server unreachable',
  FAILED: 'sending failed',
} as const;

export type TEmailErrorCategory = (typeof EmailErrorCategory)[keyof typeof EmailErrorCategory];

// An SMTP reply code (4xx/5xx) in the text: the server was reached and refused.
const SMTP_REPLY = /(^|[^\d.:])[45]\d\d([ -]|$)/;
// Network failures before any reply, as Node and the SMTP client word them.
const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|timeout|Greeting never received|connect/i;

/** The category of a stored SMTP error text (see EmailErrorCategory). */
export function emailErrorCategory(error: string): TEmailErrorCategory {
  if (SMTP_REPLY.test(error)) {
    return EmailErrorCategory.REJECTED;
  }
  if (UNREACHABLE.test(error)) {
    return EmailErrorCategory.UNREACHABLE;
  }

  return EmailErrorCategory.FAILED;
}
