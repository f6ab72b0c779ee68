import mongoose from 'mongoose';

import {
  bulkWriteByCommand,
  type TBulkWriteModel,
  type TBulkWriteOptions,
  type TBulkWriteResult,
  type TUpdateResult,
} from './bulk-write-command.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

type TClient = mongoose.mongo.MongoClient;

/** MongoDB's answer to a command it does not know (a server older than 8.0 and `bulkWrite`). */
const COMMAND_NOT_FOUND = 59;
/** A Stable API `strict` client whose server does not list `bulkWrite` in API version 1. */
const API_STRICT_ERROR = 323;

/** Clients whose server refused `bulkWrite` once: their callers use separate writes from then on. */
const withoutBulkWrite = new WeakSet<TClient>();

/** The model's `database.collection`, the way a bulkWrite names where each write goes. */
export const namespaceOf = ({ db, collection }: Pick<mongoose.Model<unknown>, 'db' | 'collection'>) =>
  `${db.name}.${collection.collectionName}`;

/**
 * Writes to several collections in ONE command (MongoDB 8.0's `bulkWrite`), or `null` when the
 * server is older and does not know the command: the caller then sends its writes one by one, as
 * it did before. The refusal is remembered per client, so an old server costs one extra round trip
 * per process, not per request. Write errors throw the driver's MongoClientBulkWriteError, whose
 * `writeErrors` are keyed by the index of the failed write.
 *
 * Sent as a plain command (bulkWriteByCommand, far cheaper for the client) unless the driver would
 * retry the write once after a network error or a failover (retryable writes: a replica set or a
 * sharded cluster with `retryWrites` on), which only its own `bulkWrite` does, or the connection
 * string sets a write concern (`w`, `journal`, `wtimeoutMS`): a plain command does not carry the
 * client's, and a 201 must mean what the operator asked for.
 */
export async function bulkWriteIfSupported(
  client: TClient,
  models: TBulkWriteModel[],
  options: TBulkWriteOptions,
): Promise<TBulkWriteResult | null> {
  if (withoutBulkWrite.has(client)) {
    return null;
  }
  try {
    if (!driverRetriesWrites(client) && client.options.writeConcern === undefined) {
      return await bulkWriteByCommand(client, models, options);
    }
    const result = await client.bulkWrite(models, { ordered: options.ordered, verboseResults: true });
    const updateResults = new Map<number, TUpdateResult>();
    for (const [index, update] of result.updateResults ?? []) {
      updateResults.set(index, {
        matchedCount: update.matchedCount,
        upserted: update.upsertedId !== undefined,
      });
    }

    return { updateResults, updatesApplied: result.matchedCount + result.upsertedCount };
  } catch (error) {
    const cause = error instanceof mongoose.mongo.MongoClientBulkWriteError ? error.cause : error;
    if (cause instanceof mongoose.mongo.MongoServerError && isCommandRefused(cause)) {
      withoutBulkWrite.add(client);

      return null;
    }
    throw error;
  }
}

type TServerTypes = { description?: { servers?: Map<string, { type?: string }> } };

/**
 * True when the driver retries writes on this deployment (its supportsRetryableWrites): retryWrites
 * on, and a load balancer or servers other than a standalone. The topology is not part of the
 * driver's typed API, so a shape it no longer has answers true: the driver's own way, never wrong.
 */
function driverRetriesWrites(client: TClient): boolean {
  if (!client.options.retryWrites) {
    return false;
  }
  if (client.options.loadBalanced) {
    return true;
  }
  const servers = (client as unknown as { topology?: TServerTypes }).topology?.description?.servers;
  if (!(servers instanceof Map) || servers.size === 0) {
    return true;
  }

  return [...servers.values()].some((server) => server.type !== 'Standalone');
}

function isCommandRefused(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | undefined)?.code;

  return code === COMMAND_NOT_FOUND || code === API_STRICT_ERROR;
}

/** The write error of the bulk write at `index`, when a MongoClientBulkWriteError carries one. */
export function writeErrorAt(error: unknown, index: number) {
  return error instanceof mongoose.mongo.MongoClientBulkWriteError ? error.writeErrors.get(index) : undefined;
}

/**
 * True when a bulk write failed only on unique indexes (each failed write is E11000): a client
 * `bulkWrite` across collections, or a collection's own `bulkWrite`.
 */
export function failedOnlyOnDuplicateKeys(error: unknown): boolean {
  if (error instanceof mongoose.mongo.MongoClientBulkWriteError) {
    return (
      error.writeConcernErrors.length === 0 &&
      error.writeErrors.size > 0 &&
      [...error.writeErrors.values()].every(isDuplicateKeyError)
    );
  }
  if (error instanceof mongoose.mongo.MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];

    return (
      error.writeConcernError === undefined &&
      writeErrors.length > 0 &&
      writeErrors.every(isDuplicateKeyError)
    );
  }

  return false;
}
