/**
 * The statuses every key-protected operation can answer, in the order the server checks them;
 * each operation adds or rewords its own. Documented so that the OpenAPI document lists every
 * status the server can send.
 */
export const apiKeyErrorResponses = {
  400: 'Invalid parameters',
  401: 'Missing, unknown or revoked API key',
  403: 'Insufficient scope',
  404: 'User not found',
  429: 'Rate limit exceeded, or too many unknown or revoked keys from this address',
  500: 'Internal server error',
} as const;
