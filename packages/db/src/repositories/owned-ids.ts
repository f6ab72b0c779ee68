import type { Types } from 'mongoose';

import { toObjectId } from './object-id.js';

export type TOwnedIds = { owner: Types.ObjectId; form: Types.ObjectId };

/**
 * Parses the owner and form ids of an owner-scoped query; null when either is not an ObjectId
 * (see toObjectId), so the caller answers "not found" without querying.
 */
export function parseOwnedIds({ userId, formId }: { userId: unknown; formId: unknown }): TOwnedIds | null {
  const form = toObjectId(formId);
  const owner = toObjectId(userId);

  return form && owner ? { owner, form } : null;
}
