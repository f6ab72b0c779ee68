import { ErrorMessages } from '@formwell/core';

/** Why a restricted key is refused, for the 403 texts of the document. */
export const KEY_RESTRICTION_REFUSAL = 'a key restricted to other forms or origins';

/**
 * The statuses every key-protected operation can answer, in the order the server checks them;
 * each operation adds or rewords its own. Documented so that the OpenAPI document lists every
 * status the server can send.
 */
export const apiKeyErrorResponses = {
  400: 'Invalid parameters',
  401: 'Missing, unknown or revoked API key',
  403: `Insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
  404: 'User not found',
  429: 'Rate limit exceeded, or too many unknown or revoked keys from this address',
  500: 'Internal server error',
} as const;

/** What an operation that takes a JSON body can also answer, before the body reaches it. */
export const bodyErrorResponses = {
  413: ErrorMessages.BODY_TOO_LARGE,
  415: 'The body is not application/json',
} as const;

/**
 * The body answers of an operation by its method. The server reads the body of every method but
 * GET: a DELETE's too, which takes no input from it but is refused all the same when it is too
 * large or of a type no parser takes. So only a GET never answers them.
 */
export function bodyErrorResponsesOf(method: string): Record<number, string> {
  return method === 'GET' ? {} : bodyErrorResponses;
}
