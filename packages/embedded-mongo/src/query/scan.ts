import type { Collection } from '../storage/collection.js';
import type { Plan } from './planner.js';

/** Record ids in plan order: index ranges (deduplicated for multikey indexes) or insertion order. */
export function* scanRids(coll: Collection, plan: Plan): Generator<number> {
  if (plan.union) {
    const seen = new Set<number>();
    for (const part of plan.union) {
      for (const rid of scanRids(coll, part)) {
        if (seen.has(rid)) continue;
        seen.add(rid);
        yield rid;
      }
    }
    return;
  }
  const index = plan.index;
  if (!index) {
    yield* coll.docs.rids();
    return;
  }
  const seen = index.multikey || plan.ranges.length > 1 ? new Set<number>() : null;
  const ranges = plan.reverse ? [...plan.ranges].reverse() : plan.ranges;
  for (const { low, high, highInclusive } of ranges) {
    const it = plan.reverse ? index.tree.entriesReversed(high) : index.tree.entries(low);
    for (const [key, rid] of it) {
      if (plan.reverse) {
        if (key < low) break;
        if (!highInclusive && key >= high) continue;
      } else if (highInclusive ? key > high : key >= high) break;
      coll.stats.keysExamined++;
      if (seen) {
        if (seen.has(rid)) continue;
        seen.add(rid);
      }
      yield rid;
    }
  }
}
