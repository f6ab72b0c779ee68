/**
 * The token of an emailed link (verification, reset, invitation). Links carry it in the fragment,
 * which the browser never sends to the server, so it stays out of request logs and Referer headers.
 */
export function linkTokenFromLocation(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
