import { TypeBracket, ABS_MIN, ABS_MAX } from '../indexes/key-compare.js';
import { typeRank } from '../bson/compare.js';
import type { StorageEngine } from './engine.js';
import { ChangeLog } from './change-log.js';
import type { Durability } from '../commands/types.js';

const DATE_RANK = typeRank(new Date(0));

/**
 * Deletes documents whose TTL-indexed date is older than `expireAfterSeconds`
 * (https://www.mongodb.com/docs/manual/core/index-ttl/). mongod runs this every 60 s; the interval is
 * an option so tests can shorten it. Only single-field indexes are TTL indexes; non-date values never expire.
 */
export function sweepExpired(engine: StorageEngine, durability: Durability, now = Date.now()): number {
  const log = new ChangeLog();
  let removed = 0;
  for (const colls of engine.dbs.values()) {
    for (const coll of colls.values()) {
      for (const index of coll.indexes.values()) {
        const secs = index.spec.expireAfterSeconds;
        if (secs === undefined || index.fields.length !== 1) continue;
        const cutoff = new Date(now - secs * 1000);
        const asc = (index.directions[0] ?? 1) > 0;
        const low = asc ? [new TypeBracket(DATE_RANK, false), ABS_MIN] : [cutoff, ABS_MIN];
        const high = asc ? [cutoff, ABS_MAX] : [new TypeBracket(DATE_RANK, false), ABS_MAX];
        const rids = new Set<number>();
        index.tree.forRange(low, high, true, (_k, rid) => {
          rids.add(rid);
        });
        for (const rid of rids) {
          const doc = coll.doc(rid);
          if (!doc) continue;
          coll.remove(rid, doc, log);
          removed++;
        }
      }
    }
  }
  if (log.records.length) durability.commit(log.records).catch(() => undefined);
  return removed;
}

export function startTtlSweeper(engine: StorageEngine, durability: Durability, intervalMs: number): () => void {
  const timer = setInterval(() => sweepExpired(engine, durability), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
