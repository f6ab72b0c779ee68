import { mongo, type Collection, type Connection } from 'mongoose';

type TFindManyOptions = {
  projection?: Record<string, 0 | 1>;
  sort?: Record<string, 1 | -1>;
  limit: number;
  /** Asks the server to close the cursor after the first batch (what the driver's findOne sends). */
  singleBatch?: boolean;
};

/**
 * A page of a model's collection, read with the very `find` command the driver's
 * `find(filter, { projection, sort, limit }).toArray()` sends, but sent as a plain command and
 * its batches read as they come. The driver's cursor around that reply (its initialisation, an
 * on-demand reply object per batch, close and clean-up with their events, the implicit session's
 * end) was about a tenth of the forms list's server CPU, where a page of summaries always comes
 * back in the first batch. Should a reply leave documents behind (a cursor still open), they are
 * fetched with `getMore`, as the cursor would.
 *
 * Before the connection is open, the driver's cursor is used: mongoose buffers its commands until
 * then, which a plain command cannot do.
 */
export async function findManyByCommand<TDoc>(
  model: { db: Connection; collection: Collection },
  filter: Record<string, unknown>,
  { projection, sort, limit, singleBatch }: TFindManyOptions,
): Promise<TDoc[]> {
  const db = model.db.db;
  if (!db) {
    const docs = await model.collection
      .find(filter, { ...(projection ? { projection } : {}), ...(sort ? { sort } : {}), limit })
      .toArray();

    return docs as unknown as TDoc[];
  }
  const readConcern = db.readConcern?.toJSON();
  const collection = model.collection.collectionName;
  // One session for the find and the getMores that continue its cursor, as the driver's cursor
  // keeps its implicit one: the server refuses a getMore from another session than the cursor's,
  // and each plain command left to itself takes whichever session the driver's pool hands out,
  // one another read may have taken meanwhile. Started as the implicit one would be for the find
  // alone (no causal consistency), so the command sent stays the driver's.
  const session = db.client.startSession({ causalConsistency: false });
  try {
    const options = { readPreference: db.readPreference, session };
    const reply = await db.command(
      {
        find: collection,
        filter,
        ...(sort ? { sort } : {}),
        ...(projection ? { projection } : {}),
        limit,
        ...(singleBatch ? { singleBatch } : {}),
        ...(readConcern ? { readConcern } : {}),
      },
      options,
    );
    let cursor = reply.cursor as TCursorReply;
    const docs: TDoc[] = [...((cursor.firstBatch ?? []) as TDoc[])];
    while (!isClosed(cursor.id) && docs.length < limit) {
      const more = await db.command({ getMore: asLong(cursor.id), collection }, options);
      cursor = more.cursor as TCursorReply;
      docs.push(...((cursor.nextBatch ?? []) as TDoc[]));
    }
    if (!isClosed(cursor.id)) {
      // More than the limit cannot come back; a server that kept a cursor open anyway gets it closed.
      await db.command({ killCursors: collection, cursors: [asLong(cursor.id)] }, options);
    }

    return docs;
  } finally {
    await session.endSession();
  }
}

type TCursorReply = { id?: unknown; firstBatch?: unknown[]; nextBatch?: unknown[] };

/** A reply's cursor id: 0 once the server has nothing left (a Long, or a number once promoted). */
function isClosed(id: unknown): boolean {
  return id === undefined || id === 0 || (id instanceof mongo.Long && id.isZero());
}

/** A promoted id fits 53 bits, so turning it back into the Long the server expects is exact. */
function asLong(id: unknown): mongo.Long {
  return id instanceof mongo.Long ? id : mongo.Long.fromNumber(Number(id));
}
