/** What stands in for a credential that is never shown again. */
const MASKED_CREDENTIAL = '***';

/**
 * Query parameter names whose values are credentials often enough (`?token=`, `?api_key=`,
 * `?sig=`, `?access_token=`) that a displayed URL hides them. Matched inside the decoded,
 * lower-cased name, so `X-Auth-Token` and `apiKey` are caught too.
 */
const SECRET_PARAMETER_PARTS = [
  'token',
  'secret',
  'key',
  'pass',
  'pwd',
  'sig',
  'auth',
  'credential',
  'session',
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function isSecretParameter(name: string): boolean {
  const decoded = safeDecode(name).toLowerCase();

  return SECRET_PARAMETER_PARTS.some((part) => decoded.includes(part));
}

/** `a=1&token=abc` → `a=1&token=***`; separators and untouched pairs are kept byte for byte. */
function maskQuery(query: string): string {
  return query
    .split(/([&;])/)
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1 || equals === part.length - 1 || !isSecretParameter(part.slice(0, equals))) {
        return part;
      }

      return `${part.slice(0, equals + 1)}${MASKED_CREDENTIAL}`;
    })
    .join('');
}

/**
 * A webhook URL as it may be shown, logged or stored for display: a password in the userinfo
 * (`https://user:pass@host/`) becomes `***` (a user name alone is masked whole, since hooks put
 * tokens there too), and so do the values of query parameters named like credentials. Delivery
 * uses the stored URL itself; only this copy loses the secrets. A URL with nothing to hide comes
 * back unchanged, byte for byte. Masking a masked URL changes nothing.
 */
export function displayWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const hasUserinfo = parsed.username !== '' || parsed.password !== '';
  const hashStart = url.indexOf('#');
  const beforeHash = hashStart === -1 ? url : url.slice(0, hashStart);
  const hash = hashStart === -1 ? '' : url.slice(hashStart);
  const queryStart = beforeHash.indexOf('?');
  const query = queryStart === -1 ? '' : beforeHash.slice(queryStart + 1);
  const maskedQuery = maskQuery(query);
  if (!hasUserinfo && maskedQuery === query) {
    return url;
  }
  const userinfo = !hasUserinfo
    ? ''
    : parsed.password === ''
      ? `${MASKED_CREDENTIAL}@`
      : `${parsed.username}:${MASKED_CREDENTIAL}@`;

  return `${parsed.protocol}//${userinfo}${parsed.host}${parsed.pathname}${queryStart === -1 ? '' : `?${maskedQuery}`}${hash}`;
}
