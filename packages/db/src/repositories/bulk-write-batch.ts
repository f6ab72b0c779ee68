import mongoose from 'mongoose';

import { bulkWriteIfSupported } from './bulk-write.js';
import type { TBulkWriteModel, TBulkWriteResult } from './bulk-write-command.js';

type TClient = mongoose.mongo.MongoClient;

type TQueued = {
  models: TBulkWriteModel[];
  resolve: (result: TBulkWriteResult | null) => void;
  reject: (error: unknown) => void;
};

type TLane = { queue: TQueued[]; sending: boolean };

/** At most this many callers' writes go in one command (each submission's analytics are 2-3 writes). */
const CALLERS_PER_COMMAND = 100;

const lanes = new WeakMap<TClient, TLane>();

/**
 * bulkWriteIfSupported for work nobody waits on (a submission's analytics after its response): the
 * writes of callers that arrive while a command is on its way go together in the next one, ordered,
 * instead of one command each. Under a burst of submits that is one command per batch rather than
 * per submission, for the server and for the database (one journal write). A lone caller is sent at
 * once, as before.
 *
 * Each caller gets what it would have got alone, for its own writes (indexes from 0): the matched
 * counts of its updates, or the write error at its own index. Ordered, the command stops at the
 * first failed write, so the callers after it get a result without their updates (nothing of
 * theirs ran), which the analytics treat as "not counted in one command" and finish with separate
 * count-once writes, as they do after any failure. `null` (a server without `bulkWrite`) goes to
 * every caller. Only writes whose callers want them ordered may go through here; ops of different
 * owners share a command but never a document (each write's filter names its own).
 */
export function batchedBulkWrite(
  client: TClient,
  models: TBulkWriteModel[],
): Promise<TBulkWriteResult | null> {
  let lane = lanes.get(client);
  if (!lane) {
    lane = { queue: [], sending: false };
    lanes.set(client, lane);
  }
  const promise = new Promise<TBulkWriteResult | null>((resolve, reject) => {
    lane.queue.push({ models, resolve, reject });
  });
  if (!lane.sending) {
    void sendQueued(client, lane);
  }

  return promise;
}

async function sendQueued(client: TClient, lane: TLane): Promise<void> {
  lane.sending = true;
  try {
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, CALLERS_PER_COMMAND);
      await sendBatch(client, batch);
    }
  } finally {
    lane.sending = false;
  }
}

async function sendBatch(client: TClient, batch: TQueued[]): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch as [TQueued];
    await bulkWriteIfSupported(client, only.models, { ordered: true }).then(only.resolve, only.reject);

    return;
  }
  const offsets: number[] = [];
  let next = 0;
  for (const caller of batch) {
    offsets.push(next);
    next += caller.models.length;
  }
  let result: TBulkWriteResult | null;
  try {
    result = await bulkWriteIfSupported(
      client,
      batch.flatMap((caller) => caller.models),
      { ordered: true },
    );
  } catch (error) {
    batch.forEach((caller, index) => settleFailed(caller, offsets[index] ?? 0, error));

    return;
  }
  batch.forEach((caller, index) => caller.resolve(result && sliceOf(result, offsets[index] ?? 0, caller)));
}

/** The caller's own updates of a combined result, re-indexed from 0. */
function sliceOf(result: TBulkWriteResult, offset: number, { models }: TQueued): TBulkWriteResult {
  const updateResults = new Map<number, { matchedCount: number }>();
  for (let index = 0; index < models.length; index++) {
    const update = result.updateResults.get(offset + index);
    if (update) {
      updateResults.set(index, update);
    }
  }

  return { updateResults };
}

/**
 * A failed combined command. The caller whose write failed gets that write error at its own index.
 * The others get a result without updates: the writes before the failure did run, but their matched
 * counts are not in the error, and "not counted in one command" is safe for them (their separate
 * writes are count-once); the writes after it never ran. An error of the command itself (no write
 * error) goes to every caller.
 */
function settleFailed(caller: TQueued, offset: number, error: unknown): void {
  if (!(error instanceof mongoose.mongo.MongoClientBulkWriteError) || error.writeErrors.size === 0) {
    caller.reject(error);

    return;
  }
  const own = [...error.writeErrors].filter(
    ([index]) => index >= offset && index < offset + caller.models.length,
  );
  if (own.length === 0) {
    caller.resolve({ updateResults: new Map() });

    return;
  }
  const failure = new mongoose.mongo.MongoClientBulkWriteError({ message: error.message });
  for (const [index, writeError] of own) {
    failure.writeErrors.set(index - offset, writeError);
  }
  failure.writeConcernErrors.push(...error.writeConcernErrors);
  caller.reject(failure);
}
