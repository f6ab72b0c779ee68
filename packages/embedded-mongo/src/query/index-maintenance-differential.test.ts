import { describe, expect, test } from 'vitest';
import { Query } from 'mingo/query';
import { StorageEngine } from '../storage/engine.js';
import { normalizeIndexSpec } from '../indexes/index-spec.js';
import { queryOptions } from './mingo-context.js';
import { findMatches } from './find-docs.js';
import { runUpdateStatement } from '../commands/update-one-statement.js';
import { EngineChanges } from '../storage/change-log.js';
import { MIXED_VALUES, picker, rng, HEAVY_TEST_TIMEOUT_MS, type Doc } from './differential-fixtures.js';

const VALUES: unknown[] = [...MIXED_VALUES, { x: 1 }];

describe('index maintenance (differential against a plain mingo scan)', () => {
  test(
    'indexes stay consistent through random updates and deletes',
    () => {
      for (const seed of [1, 2, 3]) {
        const r = rng(seed);
        const pick = picker(r);
        const engine = new StorageEngine();
        const coll = engine.ensure('db', 'c', null);
        coll.createIndex(normalizeIndexSpec({ key: { a: 1 } }), null);
        coll.createIndex(normalizeIndexSpec({ key: { c: -1, b: 1 } }), null);
        coll.createIndex(normalizeIndexSpec({ key: { 'n.x': 1 } }), null);
        for (let i = 0; i < 300; i++)
          coll.insert(
            { _id: i, a: pick(VALUES), b: pick(VALUES), c: Math.floor(r() * 10), n: { x: pick(VALUES) } },
            null,
          );
        for (let step = 0; step < 300; step++) {
          const op = r();
          const f: Doc = { c: Math.floor(r() * 10) };
          if (op < 0.4)
            runUpdateStatement(
              () => coll,
              coll,
              {
                filter: f,
                update: { $set: { a: pick(VALUES), 'n.x': pick(VALUES) } },
                multi: r() < 0.5,
                upsert: r() < 0.2,
              },
              new EngineChanges({ commit: () => Promise.resolve() }).forCommand(),
            );
          else if (op < 0.5) {
            for (const m of findMatches(coll, { filter: f, sort: [], skip: 0, limit: 1 }).matches)
              coll.remove(m.rid, coll.doc(m.rid) ?? {}, null);
          } else if (op < 0.6)
            coll.insert(
              { a: pick(VALUES), b: pick(VALUES), c: Math.floor(r() * 10), n: { x: pick(VALUES) } },
              null,
            );
          const all = [...coll.docs.rids()].map((rid) => coll.doc(rid) ?? {});
          const v = pick(VALUES.filter((x) => x !== null && !Array.isArray(x)));
          const filter: Doc = pick([
            { a: v },
            { 'n.x': v },
            { c: { $gte: 3 }, b: v },
            { a: { $gt: v } },
            { 'n.x': { $lte: v } },
          ]);
          const got = findMatches(coll, { filter, sort: [], skip: 0, limit: 0 })
            .matches.map((m) => (m.doc ?? coll.doc(m.rid) ?? {})._id)
            .map(String)
            .sort();
          const want = new Query(filter, queryOptions)
            .find<Doc>(all)
            .all()
            .map((d) => d._id)
            .map(String)
            .sort();
          expect([seed, step, filter, got]).toEqual([seed, step, filter, want]);
        }
      }
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});
