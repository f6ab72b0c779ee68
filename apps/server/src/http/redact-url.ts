const API_KEY_PATTERN = /mk_live_[A-Za-z0-9]+/g;
/** Query parameters that are credentials: a key, a signed file link's signature, a link's token. */
const SECRET_PARAMETERS = new Set(['apikey', 'signature', 'token']);

/**
 * Makes a URL safe to log, because an API key must never appear in a log line. The value of
 * every query parameter whose decoded name is `apikey`, `signature` or `token` in any case is cut
 * (a signed download link and an emailed link are bearer credentials as a key is) (`?api%4Bey=` is read as
 * `apiKey` by the query parser, so it must be cut too), and anything shaped like a key anywhere else,
 * say in a path segment, is masked as well.
 */
export function redactApiKeyFromUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const redactedQuery = query
    .split(/([&;])/)
    .map((part) => (isApiKeyParameter(part) ? `${part.slice(0, part.indexOf('=') + 1)}[REDACTED]` : part))
    .join('');

  return `${path}${queryStart === -1 ? '' : `?${redactedQuery}`}`.replace(
    API_KEY_PATTERN,
    'mk_live_[REDACTED]',
  );
}

function isApiKeyParameter(part: string): boolean {
  const equals = part.indexOf('=');
  if (equals === -1) {
    return false;
  }
  const name = safeDecode(part.slice(0, equals).replace(/\+/g, ' '));

  return SECRET_PARAMETERS.has(name.toLowerCase().replace(/\[\]$/, ''));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
