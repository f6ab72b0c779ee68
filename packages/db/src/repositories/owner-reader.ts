import { toObjectId } from './object-id.js';

/**
 * Who reads an owner-kept log: everything (staff, the operator's CLI) or one owner's entries. The
 * owner id comes from the authenticated caller, never from request input.
 */
export type TOwnerReader = { all: true } | { all: false; userId: string };

/**
 * The filter that keeps a reader to their own documents (held under `userId`); null when the
 * owner id is malformed, so the caller answers "nothing" instead of querying everything.
 */
export function ownerFilter(reader: TOwnerReader): Record<string, unknown> | null {
  if (reader.all) {
    return {};
  }
  const owner = toObjectId(reader.userId);

  return owner ? { userId: owner } : null;
}
