import { describe, expect, test } from 'vitest';
import { Query } from 'mingo/query';
import { ObjectId } from 'bson';
import { queryOptions } from './mingo-context.js';
import { project, simpleProjection } from './projection.js';

type Doc = Record<string, unknown>;

const docs: Doc[] = [
  { _id: 1, a: 1, b: 'x', c: [1, 2], d: { e: 1 }, keyHash: 'h', countedIds: [new ObjectId()] },
  { _id: new ObjectId(), b: null, c: [], keyHash: 'h2' },
  { a: 2, b: 'no id' },
  { _id: 'z', d: { e: 2, f: [1] }, a: new Date(0) },
];

// mongod keeps document order, `_id` first; mingo appends `_id` after included fields. mingo also
// refuses `{ c: 0, _id: 1 }`, which mongod accepts as an exclusion that keeps `_id`.
const idFirst = ({ _id, ...rest }: Doc): Doc => (_id === undefined ? rest : { _id, ...rest });
const viaMingo = (projection: Doc) => {
  const { _id, ...rest } = projection;
  const mingoProjection = _id && Object.values(rest).some((v) => !v) ? rest : projection;
  return new Query({}, queryOptions).find<Doc>(docs, mingoProjection).all().map(idFirst);
};

describe('simple projections equal mingo (differential)', () => {
  const cases: Doc[] = [
    { keyHash: 0 },
    { countedIds: 0 },
    { keyHash: 0, countedIds: false },
    { a: 1 },
    { a: 1, b: true },
    { used: 1 },
    { a: 1, _id: 0 },
    { a: 0, _id: 0 },
    { _id: 0 },
    { _id: 1 },
    { _id: 1, a: 1 },
    { a: 2, c: 1 },
    { c: 0, _id: 1 },
  ];
  for (const projection of cases) {
    test(JSON.stringify(projection), () => {
      expect(simpleProjection(projection)).not.toBeNull();
      const fast = project(docs, {}, projection);
      const slow = viaMingo(projection);
      expect(fast).toEqual(slow);
      // Field order is part of the reply.
      expect(fast.map((d) => Object.keys(d))).toEqual(slow.map((d) => Object.keys(d)));
    });
  }

  test('anything else takes the general path', () => {
    for (const projection of [
      { 'd.e': 1 },
      { a: 1, b: 0 },
      { c: { $slice: 1 } },
      { x: '$a' },
      { 'c.$': 1 },
      { $a: 1 },
    ]) {
      expect(simpleProjection(projection)).toBeNull();
    }
  });
});
