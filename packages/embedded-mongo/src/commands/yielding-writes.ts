import { durabilityFailure, MongoCommandError } from '../errors.js';
import { findMatchesYielding, type FindSpec } from '../query/find-docs.js';
import type { Collection } from '../storage/collection.js';
import { Yielder } from '../server/yielding.js';
import type { CommandContext } from './types.js';

/** Documents a multi-document write changes between two pauses for other connections. */
const WRITE_BATCH = 200;

/**
 * Pauses a long write command for other connections, as mongod yields during a long write: after
 * every piece of work (a batch of documents, a statement of a batch, an op of a bulkWrite), ask
 * `due(n)`, and `await pause()` when it says so. Before each pause the changes so far are handed
 * to the durability layer, so the journal grows as the write goes (the engine's one change log
 * keeps the journal in the order changes were made, whoever commits); `settle()` waits until all
 * of them are durable (the command replies after that). maxTimeMS is checked at each pause (50
 * MaxTimeMSExpired).
 */
export class WritePacer {
  private readonly yielder = new Yielder();
  private readonly commits: Promise<void>[] = [];
  private failure: unknown;

  constructor(private readonly ctx: CommandContext) {}

  due(n = 1): boolean {
    return this.yielder.tick(n);
  }

  async pause(): Promise<void> {
    this.commits.push(this.ctx.log.commit().catch((err) => void (this.failure ??= err)));
    await this.yielder.pause();
  }

  /** Every change handed over made durable; a failure to do so is the error the client hears. */
  async settle(): Promise<void> {
    await Promise.all(this.commits);
    if (this.failure !== undefined) throw durabilityFailure(this.failure);
  }
}

/**
 * Runs a write with a WritePacer. Whatever stops it (maxTimeMS, a dropped collection), what it
 * changed before is made durable first.
 */
export async function paced<T>(ctx: CommandContext, work: (pacer: WritePacer) => Promise<T>): Promise<T> {
  const pacer = new WritePacer(ctx);
  try {
    return await work(pacer);
  } finally {
    await pacer.settle();
  }
}

/**
 * A multi-document write (`update` with `multi`, `delete` with limit 0) over many documents,
 * pausing between batches (WritePacer). The candidate record ids are taken first (with pauses);
 * each batch then tests the filter again on the documents as they are now (one changed meanwhile
 * so that it no longer matches is left alone) and writes them. Each document is written at most
 * once, since the ids are fixed up front (mongod tracks record ids for the same reason): a
 * document inserted meanwhile is not touched, whether or not it matches.
 */
export async function writeInBatches(
  ctx: CommandContext,
  coll: Collection,
  spec: FindSpec,
  write: (rids: readonly number[]) => void,
): Promise<void> {
  const { matches } = await findMatchesYielding(coll, spec, { decode: false });
  checkStillThere(ctx, coll);
  const rids = matches.map((m) => m.rid);
  await paced(ctx, async (pacer) => {
    for (let from = 0; from < rids.length; from += WRITE_BATCH) {
      write(rids.slice(from, from + WRITE_BATCH));
      if (from + WRITE_BATCH >= rids.length || !pacer.due(WRITE_BATCH)) continue;
      await pacer.pause();
      checkStillThere(ctx, coll);
    }
  });
}

/**
 * Record ids mean something only inside one collection object: a collection dropped, renamed or
 * dropped and created again while the write paused would otherwise have the rest of the batch
 * applied to documents of another collection (whose ids start again from 1). mongod likewise kills
 * a write whose collection went away during a yield.
 */
function checkStillThere(ctx: CommandContext, coll: Collection): void {
  if (ctx.state.engine.collection(coll.db, coll.name) !== coll) {
    throw new MongoCommandError(
      175,
      'QueryPlanKilled',
      `collection ${coll.db}.${coll.name} was dropped or renamed while the write paused`,
    );
  }
}
