/**
 * Words that name a credential in a query parameter or a header name (`?token=`, `?api_key=`,
 * `?sig=`, `?jwt=`, `?code=`, `X-Auth-Token`, `Authorization`, `apiKey`). A name is cut into words
 * (at separators and lower-to-upper case changes) and a whole word must match, so ordinary names
 * that merely contain one (`signup`, `design`, `author`, `keyword`, `zipcode`) are not credentials.
 */
const CREDENTIAL_WORDS = new Set([
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
  'jwt',
  'code',
  'bearer',
  'hmac',
  'cookie',
]);

/** Percent-decoded (`+` as a space); text that does not decode is read as it is. */
function safeDecodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a parameter or header name names a credential (see CREDENTIAL_WORDS). */
export function namesCredential(name: string): boolean {
  const words = safeDecodeComponent(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

  return words.some((word) => CREDENTIAL_WORDS.has(word));
}
