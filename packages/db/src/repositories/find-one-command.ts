import type { Collection, Connection } from 'mongoose';

import { findManyByCommand } from './find-many-command.js';

type TFindOneOptions = { projection?: Record<string, 0 | 1> };

/**
 * One document of a model's collection, read with the very `find` command the driver's `findOne`
 * sends (`limit: 1, singleBatch: true`, the projection, the database's read concern and read
 * preference), but sent as a plain command (see findManyByCommand). `findOne` builds a cursor
 * around that one reply, which cost about twice the client CPU of the same command sent as is: on
 * the hot reads of a request (GET form) that was the largest share of the server's own work.
 */
export async function findOneByCommand<TDoc>(
  model: { db: Connection; collection: Collection },
  filter: Record<string, unknown>,
  { projection }: TFindOneOptions = {},
): Promise<TDoc | null> {
  const [doc] = await findManyByCommand<TDoc>(model, filter, {
    ...(projection ? { projection } : {}),
    limit: 1,
    singleBatch: true,
  });

  return doc ?? null;
}
