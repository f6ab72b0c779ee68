import type { Types } from 'mongoose';

import { toObjectId } from './object-id.js';

export type TOwnedIds = { owner: Types.ObjectId; form: Types.ObjectId };

/**
 * Parses the owner and form ids of an owner-scoped query; null when either is not an ObjectId
 * (see toObjectId), so the caller answers "not found" without querying.
 */
function parseOwnedIds({ userId, formId }: { userId: unknown; formId: unknown }): TOwnedIds | null {
  const form = toObjectId(formId);
  const owner = toObjectId(userId);

  return form && owner ? { owner, form } : null;
}

/**
 * Runs an owner-scoped query with the parsed ids, or answers `missing` without querying when either
 * id is not an ObjectId: such an id names nothing this owner has.
 */
export async function withOwnedIds<T>(
  ids: { userId: unknown; formId: unknown },
  missing: T,
  query: (owned: TOwnedIds) => Promise<T>,
): Promise<T> {
  const owned = parseOwnedIds(ids);

  return owned ? query(owned) : missing;
}
