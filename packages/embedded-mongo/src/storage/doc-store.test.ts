import { describe, expect, test } from 'vitest';
import { serialize, deserialize } from 'bson';
import { DocStore } from './doc-store.js';

describe('DocStore', () => {
  test('stores, replaces and deletes BSON documents by record id', () => {
    const s = new DocStore();
    s.set(1, serialize({ a: 1 }));
    s.set(5, serialize({ b: 'x' }));
    expect(deserialize(s.get(1) ?? Buffer.alloc(5))).toEqual({ a: 1 });
    s.set(1, serialize({ a: 2 }));
    expect(deserialize(s.get(1) ?? Buffer.alloc(5))).toEqual({ a: 2 });
    expect(s.size).toBe(2);
    expect([...s.rids()]).toEqual([1, 5]);
    expect(s.delete(5)).toBe(true);
    expect(s.get(5)).toBeUndefined();
    expect(s.size).toBe(1);
  });

  test('an edit made in the store: stored when it changed a byte, the earlier view untouched', () => {
    const s = new DocStore();
    s.set(1, serialize({ n: 1, pad: 'x' }));
    const before = s.get(1) ?? Buffer.alloc(5);
    const setN = (n: number) => (copy: Buffer) => copy.writeInt32LE(n, 7); // n's value, after 4 + type + 'n\0'
    const after = s.setEdited(1, before, setN(2));
    expect(after && deserialize(after)).toEqual({ n: 2, pad: 'x' });
    expect(deserialize(s.get(1) ?? Buffer.alloc(5))).toEqual({ n: 2, pad: 'x' });
    expect(deserialize(before)).toEqual({ n: 1, pad: 'x' });
    // An edit that changes nothing stores nothing: the document keeps its bytes and its place.
    const current = s.get(1) ?? Buffer.alloc(5);
    expect(s.setEdited(1, current, setN(2))).toBeUndefined();
    expect(s.get(1)?.equals(current)).toBe(true);
    expect(s.bytes).toBe(current.length);
    expect(s.size).toBe(1);
  });

  test('compaction after heavy rewrites keeps every live document intact', () => {
    const s = new DocStore();
    const pad = 'p'.repeat(1000);
    for (let round = 0; round < 30; round++) {
      for (let rid = 0; rid < 1000; rid++) s.set(rid, serialize({ rid, round, pad }));
    }
    for (let rid = 0; rid < 1000; rid += 2) s.delete(rid);
    expect(s.size).toBe(500);
    for (const rid of s.rids())
      expect(deserialize(s.get(rid) ?? Buffer.alloc(5))).toMatchObject({ rid, round: 29 });
    expect(s.bytes).toBe(500 * serialize({ rid: 1, round: 29, pad }).length);
  });

  test('oldest-first churn keeps the location table small and ids in order', () => {
    const s = new DocStore();
    for (let rid = 0; rid < 50_000; rid++) {
      s.set(rid, serialize({ rid }));
      if (rid >= 100) s.delete(rid - 100);
    }
    expect(s.size).toBe(100);
    expect([...s.rids()]).toEqual(Array.from({ length: 100 }, (_, i) => 49_900 + i));
    expect(deserialize(s.get(49_950) ?? Buffer.alloc(5))).toEqual({ rid: 49_950 });
    expect(s.get(10)).toBeUndefined();
    // Internal: the dead prefix was dropped from the location table.
    expect((s as unknown as { loc: Float64Array }).loc.length).toBeLessThan(10_000);
  });

  test('documents larger than a chunk get their own chunk', () => {
    const s = new DocStore();
    const big = serialize({ big: 'x'.repeat(5 * 1024 * 1024) });
    s.set(1, serialize({ small: 1 }));
    s.set(2, big);
    s.set(3, serialize({ small: 3 }));
    expect(s.get(2)?.length).toBe(big.length);
    expect(deserialize(s.get(3) ?? Buffer.alloc(5))).toEqual({ small: 3 });
  });
});
