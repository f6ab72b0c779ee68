import { describe, expect, test } from 'vitest';
import { ObjectId } from 'bson';
import { Query } from 'mingo/query';
import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { queryOptions, queryOptionsFor } from './mingo-context.js';
import { equalityOperators } from './match-values.js';

type Doc = Record<string, unknown>;

const a = new ObjectId();
const b = new ObjectId();
const c = new ObjectId(b.toHexString());
const docs: Doc[] = [
  { ids: [a, b] },
  { ids: [a] },
  { ids: [] },
  { ids: a },
  { ids: c },
  { ids: null },
  {},
  { ids: [a, [b]] },
  { ids: [a, 'x'] },
  { ids: b.toHexString() },
  { ids: [{ x: b }] },
  { ids: { x: b } },
];
// The engine's general query operators, without the ObjectId fast path.
const plain = {
  ...queryOptions,
  context: Context.init({ query: { ...queryOperators, ...equalityOperators } }),
};

describe('the ObjectId fast path of $eq/$ne answers as the general operators do (differential)', () => {
  const filters: Doc[] = [
    { ids: b },
    { ids: { $eq: b } },
    { ids: { $ne: b } },
    { ids: { $ne: a } },
    { ids: { $ne: new ObjectId() } },
    { 'ids.x': b },
    { ids: { $ne: b }, other: { $exists: false } },
  ];
  for (const filter of filters) {
    test(JSON.stringify(filter), () => {
      const fast = docs.map((d) => new Query(filter, queryOptionsFor(filter)).test(d));
      const full = docs.map((d) => new Query(filter, queryOptions).test(d));
      const reference = docs.map((d) => new Query(filter, plain).test(d));
      expect(fast).toEqual(reference);
      expect(full).toEqual(reference);
    });
  }
});
