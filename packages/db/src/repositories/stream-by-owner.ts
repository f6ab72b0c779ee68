import type { Types } from 'mongoose';

import { toObjectId } from './object-id.js';

/**
 * Every document of one owner through a cursor (so an account of any size streams), each turned
 * into its repository's record: the account export reads through this.
 */
export async function* streamByOwner<TLean, TRecord>(
  userId: string,
  open: (owner: Types.ObjectId) => AsyncIterable<TLean>,
  toRecord: (doc: TLean) => TRecord,
): AsyncGenerator<TRecord> {
  const owner = toObjectId(userId);
  if (!owner) {
    return;
  }
  for await (const doc of open(owner)) {
    yield toRecord(doc);
  }
}
