import type { Collection } from '../storage/collection.js';
import type { IndexStore } from '../indexes/index-store.js';
import type { KeyRange, Plan } from './planner.js';

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
  for (const range of ranges) {
    for (const rid of rangeRids(index, range, plan.reverse)) {
      coll.stats.keysExamined++;
      if (seen) {
        if (seen.has(rid)) continue;
        seen.add(rid);
      }
      yield rid;
    }
  }
}

/**
 * Record ids of one index range, in key order. Safe to hold across writes: a read that pauses for
 * other connections keeps this generator and reads on, and what it reads must be the next keys,
 * not the whole rest of the range taken in one go before the pause (a page of 500 at the top of a
 * form of a million submissions took every one of the million record ids at each pause). The
 * tree's own iterators go wrong once the tree changes, so when it did, the walk starts again from
 * the last key read; keys are unique within a tree (a non-unique index appends the record id), so
 * that key is an exact place, whether it is still there or not.
 */
export function* rangeRids(index: IndexStore, { low, high, highInclusive }: KeyRange, reverse: boolean) {
  const open = (from: string) => (reverse ? index.tree.entriesReversed(from) : index.tree.entries(from));
  let version = index.version;
  let entries = open(reverse ? high : low);
  let last: string | undefined;
  let skipThrough: string | undefined;
  for (;;) {
    if (version !== index.version) {
      version = index.version;
      entries = open(last ?? (reverse ? high : low));
      skipThrough = last;
    }
    const next = entries.next();
    if (next.done) return;
    const [key, rid] = next.value;
    if (skipThrough !== undefined) {
      // The key the walk stopped at is read again when it still exists: it was already handled.
      if (reverse ? key >= skipThrough : key <= skipThrough) continue;
      skipThrough = undefined;
    }
    last = key;
    if (reverse) {
      if (key < low) return;
      if (!highInclusive && key >= high) continue;
    } else if (highInclusive ? key > high : key >= high) return;
    yield rid;
  }
}
