/**
 * The sentence to show for a failed call: the server's own message (written for people), or a
 * plain fallback when there is none (e.g. the request never got an answer).
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
