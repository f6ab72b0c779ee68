import { namesCredential } from './credential-names.js';
import { MASKED_CREDENTIAL } from './masked-credential.js';

type THeader = { name: string; value: string };

/**
 * The value of a custom header as it may be shown: a header named like a credential
 * (`Authorization`, `X-Api-Key`, `X-Auth-Token`, `Cookie`: see namesCredential) shows `***`, after
 * the scheme word of an `Authorization`-style value (`Bearer ***`, `Basic ***`) so the owner still
 * sees which kind it is. Other headers (`X-Source: forms`) are shown as entered. Delivery sends the
 * stored values.
 */
export function displayHeaderValue({ name, value }: THeader): string {
  if (!namesCredential(name) || value === '') {
    return value;
  }
  // Only a known scheme word is shown: the first word of some other value may be the secret itself.
  const scheme = /^([A-Za-z][\w.+-]*) +\S/.exec(value)?.[1];

  return scheme && AUTH_SCHEMES.has(scheme.toLowerCase())
    ? `${scheme} ${MASKED_CREDENTIAL}`
    : MASKED_CREDENTIAL;
}

/** HTTP authentication schemes (IANA's registry and the common token kinds): not secret themselves. */
const AUTH_SCHEMES = new Set([
  'basic',
  'bearer',
  'digest',
  'token',
  'bot',
  'negotiate',
  'ntlm',
  'hoba',
  'mutual',
  'vapid',
  'aws4-hmac-sha256',
  'apikey',
  'dpop',
  'gnap',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'concealed',
  'splunk',
]);

/** Whether a stored header's value is hidden when shown (see displayHeaderValue). */
export function isMaskedHeader(header: THeader): boolean {
  return displayHeaderValue(header) !== header.value;
}

/**
 * A header list sent to replace the stored one: a header whose value is exactly what the stored
 * header of that name displays as (an edit form saving what it read) keeps its stored value;
 * anything else is taken as sent.
 */
export function keepMaskedHeaderValues(sent: THeader[], stored: THeader[]): THeader[] {
  const behindMask = storedBehindMask(stored);

  return sent.map((header) => {
    const current = behindMask(header);

    return current ? { ...header, value: current.value } : header;
  });
}

/** Whether some header of `sent` is a stored one's masked value sent back (see keepMaskedHeaderValues). */
export function sendsMaskedValues(sent: THeader[], stored: THeader[]): boolean {
  return sent.some(storedBehindMask(stored));
}

/** For a sent header: the stored header of its name whose masked value it carries, if any. */
function storedBehindMask(stored: THeader[]): (header: THeader) => THeader | undefined {
  const storedByName = new Map(stored.map((header) => [header.name.toLowerCase(), header]));

  return (header) => {
    const current = storedByName.get(header.name.toLowerCase());

    return current && isMaskedHeader(current) && header.value === displayHeaderValue(current)
      ? current
      : undefined;
  };
}
