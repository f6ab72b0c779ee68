import type { Collection } from '../storage/collection.js';
import type { Plan } from './planner.js';

/** Record ids in plan order: index ranges (deduplicated for multikey indexes) or insertion order. */
export function* scanRids(coll: Collection, plan: Plan): Generator<number> {
  const index = plan.index;
  if (!index) {
    yield* coll.docs.keys();
    return;
  }
  const cmp = index.tree._compare;
  const seen = index.multikey || plan.ranges.length > 1 ? new Set<number>() : null;
  const ranges = plan.reverse ? [...plan.ranges].reverse() : plan.ranges;
  for (const [low, high] of ranges) {
    const it = plan.reverse ? index.tree.entriesReversed(high) : index.tree.entries(low);
    for (const [key, rid] of it) {
      if (plan.reverse ? cmp(key, low) < 0 : cmp(key, high) > 0) break;
      coll.stats.keysExamined++;
      if (seen) {
        if (seen.has(rid)) continue;
        seen.add(rid);
      }
      yield rid;
    }
  }
}
