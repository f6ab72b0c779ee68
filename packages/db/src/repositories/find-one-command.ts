import type { Collection, Connection } from 'mongoose';

type TFindOneOptions = { projection?: Record<string, 0 | 1> };

/**
 * One document of a model's collection, read with the very `find` command the driver's `findOne`
 * sends (`limit: 1, singleBatch: true`, the projection, the database's read concern and read
 * preference), but sent as a plain command. `findOne` builds a cursor around that one reply (its
 * initialisation, an on-demand reply object, close and clean-up with their events and session
 * hand-back) and cost about twice the client CPU of the same command sent as is: on the hot reads
 * of a request (GET form) that was the largest share of the server's own work. One document always
 * fits in one reply, so nothing is left behind a cursor.
 *
 * Before the connection is open, mongoose's `findOne` is used: it waits for the connection
 * (mongoose buffers commands until then), which a plain command cannot do.
 */
export async function findOneByCommand<TDoc>(
  model: { db: Connection; collection: Collection },
  filter: Record<string, unknown>,
  { projection }: TFindOneOptions = {},
): Promise<TDoc | null> {
  const db = model.db.db;
  if (!db) {
    return model.collection.findOne<TDoc>(filter, projection ? { projection } : {});
  }
  const readConcern = db.readConcern?.toJSON();
  const command = {
    find: model.collection.collectionName,
    filter,
    ...(projection ? { projection } : {}),
    limit: 1,
    singleBatch: true,
    ...(readConcern ? { readConcern } : {}),
  };
  const reply = await db.command(command, { readPreference: db.readPreference });
  const batch = (reply.cursor as { firstBatch?: TDoc[] } | undefined)?.firstBatch;

  return batch?.[0] ?? null;
}
