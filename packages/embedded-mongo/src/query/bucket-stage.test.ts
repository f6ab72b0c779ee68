import { describe, expect, test } from 'vitest';
import { Aggregator } from 'mingo/aggregator';
import { Context, evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { Decimal128, Long } from 'bson';
import { mingoContext, queryOptions } from './mingo-context.js';
import { bucketIndex } from './bucket-stage.js';

type Doc = Record<string, unknown>;

/**
 * The cost of `$bucket`, counted rather than timed: how many times `groupBy` is evaluated. The
 * engine's full context plus `$counted`, an expression that counts its evaluations and answers
 * its argument's value.
 */
describe('$bucket evaluates groupBy once per document', () => {
  let evaluations = 0;
  const $counted = (obj: Doc, expr: unknown, options: Options): unknown => {
    evaluations++;
    return evalExpr(obj, expr, options);
  };
  const options = {
    ...queryOptions,
    context: Context.from(mingoContext).addExpressionOps({ $counted }),
  } as Options;

  test('20,000 documents over 1,000 boundaries: 20,000 evaluations', () => {
    const docs = Array.from({ length: 20_000 }, (_, i) => ({ v: i % 1_100 }));
    const boundaries = Array.from({ length: 1_000 }, (_, i) => i);
    evaluations = 0;
    const out = new Aggregator(
      [{ $bucket: { groupBy: { $counted: '$v' }, boundaries, default: 'other' } }],
      options,
    ).run<Doc>(docs);
    expect(evaluations).toBe(docs.length);
    // 18 full rounds of 0..1099 and then 0..199: values 0..998 each fill their own bucket, the
    // 101 values from 999 (the last boundary) on go to the default.
    expect(out).toHaveLength(1_000);
    expect(out[0]).toEqual({ _id: 0, count: 19 });
    expect(out[998]).toEqual({ _id: 998, count: 18 });
    expect(out[999]).toEqual({ _id: 'other', count: 101 * 18 });
  });
});

describe('bucketIndex', () => {
  const bounds = [0, Long.fromNumber(10), Decimal128.fromString('20.5'), 30];
  test.each([
    [-1, -1],
    [0, 0],
    [9.99, 0],
    [Long.fromNumber(10), 1],
    [20, 1],
    [Decimal128.fromString('20.50'), 2],
    [29, 2],
    [30, -1],
    [null, -1],
    [undefined, -1],
    ['5', -1],
  ])('%s is in bucket %s', (key, expected) => {
    expect(bucketIndex(bounds, key)).toBe(expected);
  });
});
