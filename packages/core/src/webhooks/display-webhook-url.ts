import { MASKED_CREDENTIAL } from './masked-credential.js';
import { namesCredential } from './credential-names.js';

/**
 * Path segments that are secrets by the service's own URL scheme: the last segment of a Slack
 * incoming webhook (`/services/T…/B…/<token>`) and of a Discord one (`/api/webhooks/<id>/<token>`).
 */
const SECRET_PATH_SEGMENTS: { host: RegExp; path: RegExp }[] = [
  { host: /^hooks\.slack(-gov)?\.com$/i, path: /^(\/services\/[^/]+\/[^/]+\/)[^/]+/ },
  {
    host: /^((ptb|canary)\.)?discord(app)?\.com$/i,
    path: /^(\/api(?:\/v\d+)?\/webhooks\/[^/]+\/)[^/]+/,
  },
];

/**
 * A path segment that looks like a random token rather than a name: 20 or more characters of
 * letters, digits, `-` and `_` in which letters and digits alternate at least 4 times (UUIDs,
 * Mattermost and Make hook ids, random keys). Words, slugs and dates (`2024-annual-report`) do not
 * alternate so; a token with hardly any digits is not caught by this rule.
 */
function looksLikeToken(segment: string): boolean {
  if (segment.length < 20 || !/^[A-Za-z0-9_-]+$/.test(segment)) {
    return false;
  }
  const alternations = segment.replace(/[-_]/g, '').match(/(?<=\d)[A-Za-z]|(?<=[A-Za-z])\d/g);

  return (alternations?.length ?? 0) >= 4;
}

/** The path with its secret segments masked; an untouched path comes back as it was. */
function maskPath(host: string, path: string): string {
  for (const rule of SECRET_PATH_SEGMENTS) {
    if (rule.host.test(host) && rule.path.test(path)) {
      return path.replace(rule.path, `$1${MASKED_CREDENTIAL}`);
    }
  }

  return path
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? MASKED_CREDENTIAL : segment))
    .join('/');
}

/** `a=1&token=abc` → `a=1&token=***`; separators and untouched pairs are kept byte for byte. */
function maskQuery(query: string): string {
  return query
    .split(/([&;])/)
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1 || equals === part.length - 1 || !namesCredential(part.slice(0, equals))) {
        return part;
      }

      return `${part.slice(0, equals + 1)}${MASKED_CREDENTIAL}`;
    })
    .join('');
}

/**
 * A webhook URL as it may be shown, logged or stored for display. Masked as `***`:
 * - a password in the userinfo (`https://user:pass@host/`); a user name alone is masked whole,
 *   since hooks put tokens there too;
 * - secrets in the path: the token segment of Slack and Discord webhook URLs, and any segment that
 *   looks like a random token (see looksLikeToken);
 * - the values of query parameters named like credentials (see namesCredential);
 * - the fragment, whole: it is never sent, so it only matters as a place a token was pasted.
 * Delivery uses the stored URL itself; only this copy loses the secrets. A URL with nothing to hide
 * comes back unchanged, byte for byte. Masking a masked URL changes nothing.
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
  const maskedHash = hash.length > 1 ? `#${MASKED_CREDENTIAL}` : hash;
  const queryStart = beforeHash.indexOf('?');
  const query = queryStart === -1 ? '' : beforeHash.slice(queryStart + 1);
  const maskedQuery = maskQuery(query);
  const maskedPath = maskPath(parsed.hostname, parsed.pathname);
  if (!hasUserinfo && maskedQuery === query && maskedPath === parsed.pathname && maskedHash === hash) {
    return url;
  }
  const userinfo = !hasUserinfo
    ? ''
    : parsed.password === ''
      ? `${MASKED_CREDENTIAL}@`
      : `${parsed.username}:${MASKED_CREDENTIAL}@`;

  return `${parsed.protocol}//${userinfo}${parsed.host}${maskedPath}${queryStart === -1 ? '' : `?${maskedQuery}`}${maskedHash}`;
}
