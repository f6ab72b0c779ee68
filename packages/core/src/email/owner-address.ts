import type { TUserRecord } from '@formwell/db';

/** Why mail for a workspace owner was not sent: their address is not proven yet. */
export const OWNER_NOT_VERIFIED = 'owner address not verified';

/**
 * Mail meant for the account holder (notifications, billing, "endpoint disabled") goes only to an
 * address they proved with a link (or the operator vouched for): a sign-up with someone else's
 * address must not turn Formwell into a way to mail them.
 */
export function ownerAddressVerified(owner: Pick<TUserRecord, 'emailVerifiedAt'>): boolean {
  return owner.emailVerifiedAt !== null;
}
