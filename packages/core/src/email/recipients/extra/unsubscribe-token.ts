import { createHmac, timingSafeEqual } from 'node:crypto';

import { signingKeyRepository } from '@formwell/db';

/**
 * The install-wide key the links are signed with (made on first use, shared through the database,
 * kept in memory after the first read, so a check of a garbage token writes nothing).
 */
const PURPOSE = 'notification-unsubscribe';

function signature(key: string, recipientId: string): string {
  return createHmac('sha256', key).update(recipientId).digest('base64url');
}

/**
 * The token of an extra recipient's unsubscribe link: its id and an HMAC of it. Every
 * notification carries it, so it is derived, not stored: the worker signs it, the server checks
 * it, and it works for as long as the recipient exists (a removed one has nothing left to stop).
 */
export async function unsubscribeToken(recipientId: string): Promise<string> {
  const key = await signingKeyRepository.getOrCreate(PURPOSE);

  return `${recipientId}.${signature(key, recipientId)}`;
}

/** The recipient id a token names when its signature holds, else null. */
export async function recipientOfUnsubscribeToken(token: string): Promise<string | null> {
  const [recipientId, given, ...rest] = token.split('.');
  if (!recipientId || !given || rest.length > 0) {
    return null;
  }
  const expected = Buffer.from(signature(await signingKeyRepository.getOrCreate(PURPOSE), recipientId));
  const actual = Buffer.from(given);

  return actual.length === expected.length && timingSafeEqual(actual, expected) ? recipientId : null;
}
