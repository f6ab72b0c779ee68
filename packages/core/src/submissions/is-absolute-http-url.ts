/** True for an absolute http(s) URL (redirectUrl, webhook targets). */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);

    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * What API documents promise about an http(s) URL that isAbsoluteHttpUrl accepts. Narrower than the
 * check (IP literals and IDNs are accepted too, though not described): every URL it matches passes,
 * since its last host label starts with a letter (never read as an IPv4 number), the port has at
 * most 4 digits, and the rest is printable ASCII.
 */
export const HTTP_URL_JSON_SCHEMA = {
  type: 'string',
  format: 'uri',
  maxLength: 2048,
  pattern: '^[hH][tT][tT][pP][sS]?://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$',
} as const;
