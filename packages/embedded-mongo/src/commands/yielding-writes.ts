import { durabilityFailure, MongoCommandError } from '../errors.js';
import { findMatchesYielding, type FindSpec } from '../query/find-docs.js';
import type { Collection } from '../storage/collection.js';
import { Yielder } from '../server/yielding.js';
import type { CommandContext } from './types.js';

/** Documents a multi-document write changes between two pauses for other connections. */
const WRITE_BATCH = 200;

/**
 * A multi-document write (`update` with `multi`, `delete` with limit 0) over many documents,
 * pausing between batches so other connections are served, as mongod yields during a long write.
 * The candidate record ids are taken first (with pauses); each batch then tests the filter again
 * on the documents as they are now (one changed meanwhile so that it no longer matches is left
 * alone) and writes them. Each document is written at most once, since the ids are fixed up front
 * (mongod tracks record ids for the same reason): a document inserted meanwhile is not touched,
 * whether or not it matches. Before each pause, the changes so far are handed to the durability
 * layer, so the journal grows as the write goes (the engine's change log keeps the journal in the
 * order changes were made, whoever commits); the command replies once all of them are durable.
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
  const yielder = new Yielder();
  let failure: unknown;
  const commits: Promise<void>[] = [];
  try {
    for (let from = 0; from < rids.length; from += WRITE_BATCH) {
      write(rids.slice(from, from + WRITE_BATCH));
      if (from + WRITE_BATCH >= rids.length || !yielder.tick(WRITE_BATCH)) continue;
      commits.push(ctx.log.commit().catch((err) => void (failure ??= err)));
      await yielder.pause();
      checkStillThere(ctx, coll);
    }
  } finally {
    // Whatever stops the write (maxTimeMS, a dropped collection), what it changed before is made
    // durable first, and a failure to do so is the error the client hears.
    await Promise.all(commits);
    if (failure !== undefined) throw durabilityFailure(failure);
  }
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
