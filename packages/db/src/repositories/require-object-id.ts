import type { Types } from 'mongoose';

import { toObjectId } from './object-id.js';

/** For ids our own code produced (a caller bug, not user input, when malformed). */
export function requireObjectId(id: string): Types.ObjectId {
  const parsed = toObjectId(id);
  if (!parsed) {
    throw new Error(`invalid ObjectId: ${id}`);
  }

  return parsed;
}
