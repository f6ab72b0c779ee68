/**
 * An integration URL or REST hook target as shown after creation: the scheme, the host and the
 * first path segment, the rest replaced by `…` (`https://hooks.slack.com/services/…`). The tokens
 * of chat webhooks and automation platforms sit in the later segments or the query; credentials in
 * the userinfo are dropped. A string that is no URL is shown as `…` alone.
 */
export function maskTargetUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const [first = '', ...rest] = parsed.pathname.split('/').slice(1);
  const hidden = rest.some((segment) => segment !== '') || parsed.search !== '' || parsed.hash !== '';
  const base = `${parsed.protocol}//${parsed.host}/${first}`;

  return hidden ? `${base.replace(/\/$/, '')}/…` : base;
}
