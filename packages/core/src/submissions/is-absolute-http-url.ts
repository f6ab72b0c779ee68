/** True for an absolute http(s) URL (redirectUrl, webhook targets). */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);

    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
