import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { IndexStore } from '../indexes/index-store.js';
import { encodeRid } from '../indexes/key-encoding.js';
import { rangeRids } from './scan.js';

const write = fc.record({
  kind: fc.constantFrom('add' as const, 'remove' as const, 'move' as const),
  pick: fc.nat(),
  n: fc.integer({ min: 0, max: 40 }),
});

/**
 * A range walk that outlives writes (a read that paused) against the tree as it is at each step:
 * generated trees and writes (adds, removes, keys moved) between any two steps of the walk.
 */
describe('rangeRids across writes', () => {
  for (const reverse of [false, true]) {
    test(reverse ? 'reverse' : 'forward', () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 300 }),
          fc.array(fc.array(write, { maxLength: 4 }), { maxLength: 300 }),
          (initial, steps) => {
            const index = new IndexStore({ v: 2, key: { n: 1 }, name: 'n_1' });
            const current = new Map<number, number>();
            const untouched = new Set<number>();
            let nextRid = 0;
            const add = (n: number) => {
              const rid = nextRid++;
              current.set(rid, n);
              index.add(index.keysFor({ n }), rid);
              return rid;
            };
            for (const n of initial) untouched.add(add(n));
            const keyOf = (rid: number) => index.encode([current.get(rid)]) + encodeRid(rid);
            const walk = rangeRids(index, { low: '', high: '\uffff', highInclusive: true }, reverse);
            const read: string[] = [];
            const seen = new Set<number>();
            for (let step = 0; ; step++) {
              const next = walk.next();
              if (next.done) break;
              read.push(keyOf(next.value));
              seen.add(next.value);
              for (const w of steps[step] ?? []) {
                const rids = [...current.keys()];
                const rid = rids[w.pick % Math.max(1, rids.length)];
                if (w.kind === 'add' || rid === undefined) {
                  add(w.n);
                  continue;
                }
                index.remove(index.keysFor({ n: current.get(rid) }), rid);
                untouched.delete(rid);
                if (w.kind === 'remove') current.delete(rid);
                else {
                  current.set(rid, w.n);
                  index.add(index.keysFor({ n: w.n }), rid);
                }
              }
            }
            // In key order, each key once, and no key skipped that stayed in place all along.
            const ordered = [...read].sort();
            if (reverse) ordered.reverse();
            expect(read).toEqual(ordered);
            expect(new Set(read).size).toBe(read.length);
            for (const rid of untouched) expect(seen.has(rid)).toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
