import { describe, expect, test } from 'vitest';
import { StorageEngine } from '../storage/engine.js';
import { normalizeIndexSpec } from '../indexes/index-spec.js';
import { planQuery } from './planner.js';
import { findMatches } from './find-docs.js';

function collection() {
  const coll = new StorageEngine().ensure('db', 'c', null);
  for (let i = 0; i < 100; i++) coll.insert({ _id: i, a: i % 10, b: i, s: `s${String(i)}` }, null);
  coll.createIndex(normalizeIndexSpec({ key: { a: 1, b: -1 } }), null);
  coll.createIndex(normalizeIndexSpec({ key: { s: 1 }, unique: true }), null);
  return coll;
}

describe('query planner', () => {
  test('prefers the index with the longest equality prefix and marks pure equality as exact', () => {
    const coll = collection();
    const p = planQuery(coll, { s: 's5' }, []);
    expect(p.index?.name).toBe('s_1');
    expect(p.exact).toBe(true);
    const q = planQuery(coll, { a: 3, b: { $gt: 50 } }, []);
    expect(q.index?.name).toBe('a_1_b_-1');
    expect(q.exact).toBe(true);
    expect(planQuery(coll, { a: 3, x: 1 }, []).exact).toBe(false);
  });

  test('serves a sort on the fields after the equality prefix, backwards when directions are flipped', () => {
    const coll = collection();
    expect(planQuery(coll, { a: 3 }, [['b', -1]])).toMatchObject({ sorted: true, reverse: false });
    expect(planQuery(coll, { a: 3 }, [['b', 1]])).toMatchObject({ sorted: true, reverse: true });
    expect(planQuery(coll, {}, [['_id', -1]])).toMatchObject({ sorted: true, reverse: true });
    expect(planQuery(coll, { a: { $in: [1, 2] } }, [['b', 1]]).sorted).toBe(false);
  });

  test('range scans return exactly the matching documents in order', () => {
    const coll = collection();
    const res = findMatches(coll, {
      filter: { a: 3, b: { $gte: 30, $lt: 73 } },
      sort: [['b', 1]],
      skip: 0,
      limit: 0,
    });
    const ids = res.matches.map((m) => (m.doc ?? {})._id ?? coll.doc(m.rid)?._id);
    expect(ids).toEqual([33, 43, 53, 63]);
  });

  test('a collection scan is used when no index helps', () => {
    const coll = collection();
    expect(planQuery(coll, { b: 5 }, []).index).toBeNull();
    expect(planQuery(coll, { s: /x/ }, []).index).toBeNull();
  });
});
