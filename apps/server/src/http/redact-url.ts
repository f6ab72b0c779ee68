/**
 * Removes the value of the legacy `apiKey` query parameter from a URL before it is logged
 * (decisions.md §2: the key never appears in a log line).
 */
export function redactApiKeyFromUrl(url: string): string {
  return url.replace(/([?&]apikey=)[^&#]*/gi, '$1[REDACTED]');
}
