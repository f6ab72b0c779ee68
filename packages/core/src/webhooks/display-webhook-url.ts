/** What stands for the hidden part of a URL shown after creation. */
const HIDDEN = '…';

/**
 * A webhook URL as it may be shown, logged or stored for display after its creation: the scheme,
 * the host (with its port) and the first path segment are kept, and everything after them (the
 * rest of the path, the query, the fragment) becomes `…`, as does a user name or password:
 * `https://hooks.slack.com/services/T0/B0/secret` → `https://hooks.slack.com/services/…`.
 * Receivers put tokens in every one of those places, so no guess about which part is secret is
 * made. A URL with nothing beyond its first segment comes back unchanged, byte for byte; masking a
 * masked URL changes nothing. Delivery uses the stored URL itself; only this copy loses the rest.
 */
export function displayWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const [, first = '', ...rest] = parsed.pathname.split('/');
  const hidesSomething =
    rest.join('/') !== '' ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== '' ||
    parsed.password !== '';
  if (!hidesSomething) {
    return url;
  }

  return `${parsed.protocol}//${parsed.host}/${first === '' ? '' : `${first}/`}${HIDDEN}`;
}
