import { z } from 'zod';

import { parseInput } from '../errors/parse-input.js';
import { ZEmailSchema } from '../users/z-user-input.js';

/**
 * The answer of every request that emails a link to a typed address (sign-up, password reset): the
 * same whether or not the address has an account, so it tells nobody which addresses do.
 */
export const ZCheckInboxSchema = z.object({
  status: z.literal('check_inbox'),
  /** The address as understood (trimmed, lower-case): where the mail goes if it goes anywhere. */
  email: z.string(),
});

export type TCheckInbox = z.infer<typeof ZCheckInboxSchema>;

export function checkInbox(email: string): TCheckInbox {
  return { status: 'check_inbox', email };
}

/**
 * The answer for a typed address when no mail goes out for it (its limit is reached): the same as
 * when one does, and the same 400 for what is no address.
 */
export function checkInboxFor(email: string): TCheckInbox {
  return checkInbox(parseInput(ZEmailSchema, email));
}
