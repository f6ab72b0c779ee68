import type { TOwnerReader, TRole } from '@formwell/db';

/** What a signed-in user may read of the owner-kept logs: staff everything, an owner their own. */
export function ownerReaderFor(user: { id: string; role: TRole }): TOwnerReader {
  return user.role === 'ADMIN' ? { all: true } : { all: false, userId: user.id };
}
