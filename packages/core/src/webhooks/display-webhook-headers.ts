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
  const scheme = /^([A-Za-z][\w.+-]*) +\S/.exec(value)?.[1];

  return scheme ? `${scheme} ${MASKED_CREDENTIAL}` : MASKED_CREDENTIAL;
}

/**
 * A header list sent to replace the stored one: a header whose value is exactly what the stored
 * header of that name displays as (an edit form saving what it read) keeps its stored value;
 * anything else is taken as sent.
 */
export function keepMaskedHeaderValues(sent: THeader[], stored: THeader[]): THeader[] {
  const storedByName = new Map(stored.map((header) => [header.name.toLowerCase(), header]));

  return sent.map((header) => {
    const current = storedByName.get(header.name.toLowerCase());
    const masked = current !== undefined && displayHeaderValue(current) !== current.value;

    return masked && header.value === displayHeaderValue(current)
      ? { ...header, value: current.value }
      : header;
  });
}
