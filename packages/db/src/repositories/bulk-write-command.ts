import mongoose from 'mongoose';

type TClient = mongoose.mongo.MongoClient;
type TDocument = mongoose.mongo.Document;

/** The writes our repositories send together: the driver's model shapes, the only ones used. */
export type TBulkWriteModel =
  | { name: 'insertOne'; namespace: string; document: TDocument }
  | { name: 'updateOne'; namespace: string; filter: TDocument; update: TDocument; upsert?: boolean };

/**
 * What callers read of a bulk write: each update's matched count (an upsert that inserted counts
 * as matched, as mongod's `n` and the driver have it), and whether it inserted, by the index of
 * its model.
 */
export type TUpdateResult = { matchedCount: number; upserted: boolean };
export type TBulkWriteResult = {
  /** Empty when asked for errors only. */
  updateResults: ReadonlyMap<number, TUpdateResult>;
  /** The updates that found or created their document (mongod's `nMatched` + `nUpserted`). */
  updatesApplied: number;
};

type TReplyItem = {
  ok: number;
  idx: number;
  n?: number;
  code?: number;
  errmsg?: string;
  upserted?: unknown;
};
type TReplyCursor = { id: unknown; firstBatch?: TReplyItem[]; nextBatch?: TReplyItem[] };

const admins = new WeakMap<TClient, mongoose.mongo.Db>();

function adminOf(client: TClient): mongoose.mongo.Db {
  let admin = admins.get(client);
  if (!admin) {
    admin = client.db('admin');
    admins.set(client, admin);
  }

  return admin;
}

export type TBulkWriteOptions = {
  ordered: boolean;
  /**
   * The reply names only the failed writes, not one item per write: a caller that needs no
   * write's own outcome (only `updatesApplied`) spares both sides building and reading them.
   */
  errorsOnly?: boolean;
};

/**
 * The driver's client `bulkWrite` builds an operation, a batch builder, a results cursor with its
 * session hand-back and events, and a results merger around ONE reply: on a submit (two such writes)
 * that machinery was the largest share of the server's own CPU. A handful of small writes always fit
 * one command and one reply batch, so they can go as the plain `bulkWrite` command (the same
 * command, its ops in the body instead of document sequences) and be read straight from the reply.
 *
 * Answers as the driver does: write errors throw MongoClientBulkWriteError with `writeErrors` keyed
 * by the model's index (`{code, message}`; an ordered write stops at the first), a write concern
 * error fills `writeConcernErrors`; an error of the command itself (a server that does not know it)
 * is thrown as the server sent it.
 */
export async function bulkWriteByCommand(
  client: TClient,
  models: TBulkWriteModel[],
  { ordered, errorsOnly = false }: TBulkWriteOptions,
): Promise<TBulkWriteResult> {
  const admin = adminOf(client);
  const nsInfo: { ns: string }[] = [];
  const nsIndex = new Map<string, number>();
  const ops = models.map((model) => {
    let index = nsIndex.get(model.namespace);
    if (index === undefined) {
      index = nsInfo.length;
      nsIndex.set(model.namespace, index);
      nsInfo.push({ ns: model.namespace });
    }

    return model.name === 'insertOne'
      ? { insert: index, document: model.document }
      : {
          update: index,
          multi: false,
          filter: model.filter,
          updateMods: model.update,
          ...(model.upsert ? { upsert: true } : {}),
        };
  });
  const reply = await admin.command({
    bulkWrite: 1,
    errorsOnly,
    ordered,
    ops,
    nsInfo,
    bypassDocumentValidation: false,
  });
  const items = await allItems(admin, reply.cursor as TReplyCursor);
  const updateResults = new Map<number, TUpdateResult>();
  const writeErrors: [number, { code: number; message: string }][] = [];
  for (const item of items) {
    if (item.ok === 1) {
      if (models[item.idx]?.name === 'updateOne') {
        updateResults.set(item.idx, { matchedCount: item.n ?? 0, upserted: item.upserted !== undefined });
      }
    } else {
      writeErrors.push([item.idx, { code: item.code ?? 0, message: item.errmsg ?? '' }]);
    }
  }
  const concern = reply.writeConcernError as { code?: number; errmsg?: string } | undefined;
  if (writeErrors.length > 0 || concern) {
    // Built only on failure: an error object captures a stack trace, which every write would pay.
    const failure = new mongoose.mongo.MongoClientBulkWriteError({
      message: `Mongo client ${ordered ? 'ordered ' : ''}bulk write encountered a write error.`,
    });
    for (const [index, writeError] of writeErrors) {
      failure.writeErrors.set(index, writeError);
    }
    if (concern) {
      failure.writeConcernErrors.push({ code: concern.code ?? 0, message: concern.errmsg ?? '' });
    }
    throw failure;
  }

  return { updateResults, updatesApplied: Number(reply.nMatched ?? 0) + Number(reply.nUpserted ?? 0) };
}

/** The reply's items; a reply too large for one batch leaves the rest behind a cursor. */
async function allItems(admin: mongoose.mongo.Db, cursor: TReplyCursor): Promise<TReplyItem[]> {
  const items = [...(cursor.firstBatch ?? [])];
  let id = cursor.id;
  while (!isZero(id)) {
    const next = (await admin.command({ getMore: id, collection: '$cmd.bulkWrite' })).cursor as TReplyCursor;
    items.push(...(next.nextBatch ?? []));
    id = next.id;
  }

  return items;
}

function isZero(id: unknown): boolean {
  if (id instanceof mongoose.mongo.Long) {
    return id.isZero();
  }

  return id === undefined || id === null || id === 0 || id === 0n;
}
