/** How long an address-verification link works. */
export const VERIFY_EMAIL_TTL_MS = 24 * 3600 * 1000;

/** How long a password-reset link works: short, since it hands over the account. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** The dashboard pages an emailed link opens. */
type TLinkPage =
  | 'verify-email'
  | 'reset-password'
  | 'invitations/accept'
  | 'notifications/confirm'
  | 'notifications/unsubscribe';

/**
 * A dashboard page of an emailed one-time link (address verification, password reset, workspace
 * invitation, notification recipients). The token rides in the fragment, which browsers never send: it stays out of the
 * server's request logs and of any Referer header.
 */
export function accountLinkUrl(publicUrl: string, page: TLinkPage, token: string) {
  return `${publicUrl.replace(/\/+$/, '')}/${page}#token=${encodeURIComponent(token)}`;
}
