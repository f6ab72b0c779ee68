/** What stands in for a credential that is never shown again. */
const MASKED_CREDENTIAL = '***';

/**
 * Words that name a credential in a query parameter (`?token=`, `?api_key=`, `?sig=`,
 * `?access_token=`, `X-Auth-Token`, `apiKey`): a displayed URL hides such values. The name is cut
 * into words (at separators and lower-to-upper case changes) and a whole word must match, so
 * ordinary names that merely contain one (`signup`, `design`, `author`, `keyword`) stay visible.
 */
const SECRET_PARAMETER_WORDS = new Set([
  'token',
  'secret',
  'key',
  'apikey',
  'pass',
  'password',
  'passwd',
  'pwd',
  'sig',
  'signature',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'session',
  'sid',
]);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function isSecretParameter(name: string): boolean {
  const words = safeDecode(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

  return words.some((word) => SECRET_PARAMETER_WORDS.has(word));
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
