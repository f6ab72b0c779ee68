import type { StorageEngine } from './engine.js';
import type { EngineChanges } from './change-log.js';
import { buildRanges, type Plan } from '../query/planner.js';
import { scanRids } from '../query/scan.js';

/**
 * Deletes documents whose TTL-indexed date is older than `expireAfterSeconds`
 * (https://www.mongodb.com/docs/manual/core/index-ttl/). mongod runs this every 60 s; the interval is
 * an option so tests can shorten it. Only single-field indexes are TTL indexes; non-date values never
 * expire, and an array of dates expires with its earliest date.
 */
function sweepExpired(engine: StorageEngine, changes: EngineChanges, now = Date.now()): number {
  const log = changes.forCommand();
  let removed = 0;
  for (const colls of engine.dbs.values()) {
    for (const coll of colls.values()) {
      for (const index of coll.indexes.values()) {
        const secs = index.spec.expireAfterSeconds;
        if (secs === undefined || index.fields.length !== 1) continue;
        const cutoff = new Date(now - secs * 1000);
        const plan: Plan = {
          index,
          ranges: buildRanges(index, [[]], { high: cutoff, highInc: true, exact: true }),
          reverse: false,
          sorted: false,
          exact: true,
        };
        for (const rid of [...scanRids(coll, plan)]) {
          const doc = coll.doc(rid);
          if (!doc) continue;
          coll.remove(rid, doc, log);
          removed++;
        }
      }
    }
  }
  if (removed > 0) log.commit().catch(() => undefined);
  return removed;
}

export function startTtlSweeper(
  engine: StorageEngine,
  changes: EngineChanges,
  intervalMs: number,
): () => void {
  const timer = setInterval(() => sweepExpired(engine, changes), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
