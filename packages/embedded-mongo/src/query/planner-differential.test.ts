import { describe, expect, test } from 'vitest';
import { Query } from 'mingo/query';
import { StorageEngine } from '../storage/engine.js';
import { normalizeIndexSpec } from '../indexes/index-spec.js';
import { compareValues } from '../bson/compare.js';
import { queryOptions } from './mingo-context.js';
import { findMatches } from './find-docs.js';
import { MIXED_VALUES, picker, rng, HEAVY_TEST_TIMEOUT_MS, type Doc } from './differential-fixtures.js';

describe('planner results equal a plain mingo scan (differential)', () => {
  test(
    'random filters, sorts and limits over indexed mixed-type data',
    () => {
      const r = rng(42);
      const pick = picker(r);
      const coll = new StorageEngine().ensure('db', 'c', null);
      const docs: Doc[] = [];
      for (let i = 0; i < 400; i++) {
        const d: Doc = { _id: i };
        if (r() < 0.9) d.a = pick(MIXED_VALUES.filter((v) => !Array.isArray(v)));
        if (r() < 0.9) d.b = pick(MIXED_VALUES);
        d.c = Math.floor(r() * 20);
        docs.push(d);
        coll.insert({ ...d }, null);
      }
      coll.createIndex(normalizeIndexSpec({ key: { a: 1 } }), null);
      coll.createIndex(normalizeIndexSpec({ key: { c: -1, a: 1 } }), null);
      coll.createIndex(normalizeIndexSpec({ key: { b: 1, c: 1 } }), null);
      const scalar = () => pick(MIXED_VALUES.filter((v) => v !== null && !Array.isArray(v)));
      const fieldFilter = (): unknown => {
        switch (Math.floor(r() * 5)) {
          case 0:
            return scalar();
          case 1:
            return { $gt: scalar() };
          case 2:
            return { $gte: scalar(), $lte: scalar() };
          case 3:
            return { $in: [scalar(), scalar()] };
          default:
            return { $lt: scalar() };
        }
      };
      for (let q = 0; q < 300; q++) {
        const filter: Doc = {};
        for (const f of ['a', 'b', 'c'])
          if (r() < 0.5) filter[f] = f === 'c' ? { $gte: Math.floor(r() * 20) } : fieldFilter();
        if (r() < 0.2) filter.$or = [{ c: { $lt: 5 } }, { a: scalar() }];
        const sort: [string, number][] = r() < 0.6 ? [[pick(['a', 'b', 'c', '_id']), pick([1, -1])]] : [];
        const limit = r() < 0.5 ? 1 + Math.floor(r() * 10) : 0;
        const got = findMatches(coll, { filter, sort, skip: 0, limit }).matches.map(
          (m) => (m.doc ?? coll.doc(m.rid) ?? {})._id,
        );
        const all = new Query(filter, queryOptions).find<Doc>(docs).all();
        if (sort.length === 0 && limit === 0) {
          expect([filter, [...got].sort()]).toEqual([filter, all.map((d) => d._id).sort()]);
          continue;
        }
        // With a sort, compare the sequence of sort keys (ties may come in any order).
        const [field, dir] = sort[0] ?? ['_id', 1];
        const key = (id: unknown): unknown => {
          // Missing and null sort together (same BSON rank), so compare them as null.
          const v = docs.find((d) => d._id === id)?.[field] ?? null;
          if (!Array.isArray(v)) return v;
          const els = [...(v as unknown[])].sort(compareValues);
          return dir > 0 ? els[0] : els[els.length - 1];
        };
        const expected = all
          .map((d) => d._id)
          .sort((x, y) => compareValues(key(x), key(y)) * dir || compareValues(x, y));
        const want = limit > 0 ? expected.slice(0, limit) : expected;
        if (sort.length === 0) {
          expect(got).toHaveLength(want.length);
          continue;
        }
        expect([filter, sort, got.map(key)]).toEqual([filter, sort, want.map(key)]);
      }
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});
