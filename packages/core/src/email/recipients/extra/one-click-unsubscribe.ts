/**
 * The server endpoint of one-click unsubscribe (RFC 8058): mail clients POST to the URL a
 * notification names in its `List-Unsubscribe` header, without a browser or JavaScript, so the
 * signed token rides in the query (where request logs cut `token` values), not in a fragment.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** The value of the `List-Unsubscribe-Post` header that marks the link as one-click. */
export const ONE_CLICK_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

/** The URL of an extra recipient's one-click unsubscribe, for the `List-Unsubscribe` header. */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
