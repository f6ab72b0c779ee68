import { z } from 'zod';

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
