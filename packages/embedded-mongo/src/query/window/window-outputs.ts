import { evalExpr, OpType } from 'mingo/core';
import type { Options } from 'mingo/types';
import { approximate, isBsonNumber } from '../../bson/exact-number.js';
import { SlidingMerge } from './sliding-merge.js';
import { windowSpans, type Spans } from './window-bounds.js';
import type { WindowOutput, WindowSpec } from './window-spec.js';

type Doc = Record<string, unknown>;

/**
 * The work of one computation: it yields the number of documents handled since it last yielded
 * (so a caller can pause for other connections, see window-fields.ts) and returns its values.
 */
export type Work<T> = Generator<number, T, void>;

/** A partition: its documents in sortBy order, and their sortBy keys. */
export type Partition = { docs: Doc[]; keys: unknown[][] };

/** mingo's window operators take the stage's specification and the document's place. */
type WindowOp = (
  obj: Doc,
  docs: Doc[],
  expr: { parentExpr: Doc; inputExpr: unknown; documentNumber: number; field: string },
  options: Options,
) => unknown;

/** Accumulators whose result over a window is the same accumulator over partial results. */
const MERGED_BY: Record<string, string> = { $sum: '$sum', $count: '$sum', $min: '$min', $max: '$max' };

/** Documents handled between two yields of a loop whose steps are each cheap. */
const STEP = 64;

const accumulate = (docs: Doc[], op: string, args: unknown, options: Options): unknown =>
  evalExpr(docs, { [op]: args }, options);

/**
 * `$sum`, `$count`, `$min`, `$max` over any window in one pass: each document's own partial result
 * joins a SlidingMerge when the window reaches it and leaves when the window passes it.
 */
function* merged(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const mergeOp = MERGED_BY[out.op] as string;
  const merge = (a: unknown, b: unknown) => evalExpr([{ v: a }, { v: b }], { [mergeOp]: '$v' }, options);
  const partial = (i: number) => accumulate([p.docs[i] as Doc], out.op, out.args, options);
  return yield* slide(p.docs.length, spans, partial, merge, accumulate([], out.op, out.args, options));
}

/**
 * One pass over a partition's windows, each document added when the window reaches it and removed
 * when the window passes it (both ends only move forward); `read` gives the current window's
 * value, `count` documents in it.
 */
function* moving(
  n: number,
  spans: Spans,
  window: { add(i: number): void; remove(i: number): void; read(count: number): unknown },
): Work<unknown[]> {
  const values: unknown[] = [];
  let low = 0;
  let high = 0;
  for (let i = 0; i < n; i++) {
    const start = spans.start[i] as number;
    const end = spans.end[i] as number;
    // A window that jumped past the current one starts afresh.
    if (start >= high) {
      for (; low < high; low++) window.remove(low);
      low = high = start;
    }
    for (; high < end; high++) window.add(high);
    for (; low < start; low++) window.remove(low);
    values.push(window.read(high - low));
    if (i % STEP === STEP - 1) yield STEP;
  }
  return values;
}

/** The SlidingMerge pass: the window's merged partials for each document, `empty` for none. */
function slide<T>(n: number, spans: Spans, partial: (i: number) => T, merge: (a: T, b: T) => T, empty: T) {
  const window = new SlidingMerge<T>(merge);
  return moving(n, spans, {
    add: (i) => window.push(partial(i)),
    remove: () => window.shift(),
    read: (count) => (count > 0 ? window.result() : empty),
  });
}

/**
 * `$stdDevPop` / `$stdDevSamp` over any window in one pass
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/stdDevPop/): the numbers of
 * the window (others ignored) kept as a count, a mean and a sum of squared deviations, updated as
 * each number joins and leaves (Welford's method and its inverse); null without numbers (the
 * sample form: with fewer than two).
 */
function* deviation(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const numbers = p.docs.map((doc) => {
    const v = evalExpr(doc, out.args, options);
    return isBsonNumber(v) ? approximate(v) : undefined;
  });
  yield p.docs.length;
  const sample = out.op === '$stdDevSamp' ? 1 : 0;
  let count = 0;
  let mean = 0;
  let squares = 0;
  const step = (x: number | undefined, sign: 1 | -1) => {
    if (x === undefined) return;
    count += sign;
    if (count === 0) {
      mean = squares = 0;
      return;
    }
    const d = x - mean;
    mean += (sign * d) / count;
    // One number deviates by nothing: what removals left over is rounding.
    squares = count === 1 ? 0 : squares + sign * d * (x - mean);
  };
  return yield* moving(p.docs.length, spans, {
    add: (i) => step(numbers[i], 1),
    remove: (i) => step(numbers[i], -1),
    read: () => (count > sample ? Math.sqrt(Math.max(0, squares) / (count - sample)) : null),
  });
}

/**
 * `$avg` over any window in one pass: the sum slides as `$sum`'s does and the numbers are counted
 * by prefix; the mean is their `$divide` (a double, or a decimal when a decimal was summed); no
 * number in the window gives null.
 */
function* average(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const n = p.docs.length;
  const values = p.docs.map((doc) => evalExpr(doc, out.args, options));
  const numbers = new Int32Array(n + 1);
  values.forEach((v, i) => (numbers[i + 1] = (numbers[i] as number) + (isBsonNumber(v) ? 1 : 0)));
  yield n;
  const sum = (docs: Doc[]) => evalExpr(docs, { $sum: '$v' }, options);
  const sums = yield* slide(
    n,
    spans,
    (i) => sum([{ v: values[i] }]),
    (a, b) => sum([{ v: a }, { v: b }]),
    0,
  );
  return sums.map((total, i) => {
    const count = (numbers[spans.end[i] as number] as number) - (numbers[spans.start[i] as number] as number);
    return count === 0 ? null : evalExpr({}, { $divide: [{ $literal: total }, count] }, options);
  });
}

/** `$push`: the window's values in order, a missing one left out; the copy is the answer's size. */
function* pushed(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const values = p.docs.map((doc) => evalExpr(doc, out.args, options));
  const result: unknown[] = [];
  for (let i = 0; i < values.length; i++) {
    const window = values.slice(spans.start[i], spans.end[i]).filter((v) => v !== undefined);
    result.push(window);
    yield Math.max(1, window.length);
  }
  return result;
}

/**
 * Any other accumulator (`$addToSet`, `$topN`, `$median`, `$mergeObjects`...)
 * over each window afresh: linear in the window's size, so a long running window costs n² in all,
 * but it yields its work as it goes, and a window equal to the previous one is not recomputed.
 */
function* eachWindow(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const result: unknown[] = [];
  let last: { start: number; end: number; value: unknown } | undefined;
  for (let i = 0; i < p.docs.length; i++) {
    const start = spans.start[i] as number;
    const end = spans.end[i] as number;
    if (last?.start !== start || last.end !== end) {
      last = { start, end, value: accumulate(p.docs.slice(start, end), out.op, out.args, options) };
      yield Math.max(1, end - start);
    }
    result.push(last.value);
  }
  return result;
}

/** `$first` / `$last`: the accumulator over the window's first or last document alone. */
function* endpoint(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const first = out.op === '$first';
  const result: unknown[] = [];
  for (let i = 0; i < p.docs.length; i++) {
    const start = spans.start[i] as number;
    const end = spans.end[i] as number;
    const doc = p.docs[first ? start : end - 1];
    result.push(accumulate(end > start && doc ? [doc] : [], out.op, out.args, options));
    if (i % STEP === STEP - 1) yield STEP;
  }
  return result;
}

/**
 * `$covariancePop` / `$covarianceSamp` over any window in one pass
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/covariancePop/): the
 * documents whose two expressions are both numbers, kept as a count, two means and a sum of
 * co-deviations updated as each joins and leaves; null without any (the sample form: with fewer
 * than two).
 */
function* covariance(p: Partition, spans: Spans, out: WindowOutput, options: Options): Work<unknown[]> {
  const pairs = p.docs.map((doc) => {
    const v = evalExpr(doc, out.args, options);
    const [x, y] = Array.isArray(v) ? (v as unknown[]) : [];
    return isBsonNumber(x) && isBsonNumber(y) ? [approximate(x), approximate(y)] : undefined;
  });
  yield p.docs.length;
  const sample = out.op === '$covarianceSamp' ? 1 : 0;
  let count = 0;
  let meanX = 0;
  let meanY = 0;
  let co = 0;
  const add = (pair: number[] | undefined) => {
    if (!pair) return;
    const [x = 0, y = 0] = pair;
    count++;
    const dx = x - meanX;
    meanX += dx / count;
    meanY += (y - meanY) / count;
    co += dx * (y - meanY);
  };
  const remove = (pair: number[] | undefined) => {
    if (!pair) return;
    const [x = 0, y = 0] = pair;
    count--;
    if (count === 0) {
      meanX = meanY = co = 0;
      return;
    }
    const dy = y - meanY;
    meanX -= (x - meanX) / count;
    meanY -= dy / count;
    co = count === 1 ? 0 : co - (x - meanX) * dy;
  };
  return yield* moving(p.docs.length, spans, {
    add: (i) => add(pairs[i]),
    remove: (i) => remove(pairs[i]),
    read: () => (count > sample ? co / (count - sample) : null),
  });
}

function* accumulatorValues(
  p: Partition,
  spans: Spans,
  out: WindowOutput,
  options: Options,
): Work<unknown[]> {
  if (!out.window) {
    // The whole partition: one result for every document.
    const value = accumulate(p.docs, out.op, out.args, options);
    yield p.docs.length;
    return p.docs.map(() => value);
  }
  if (out.op in MERGED_BY) return yield* merged(p, spans, out, options);
  if (out.op === '$avg') return yield* average(p, spans, out, options);
  if (out.op === '$stdDevPop' || out.op === '$stdDevSamp') return yield* deviation(p, spans, out, options);
  if (out.op === '$covariancePop' || out.op === '$covarianceSamp')
    return yield* covariance(p, spans, out, options);
  if (out.op === '$push') return yield* pushed(p, spans, out, options);
  if (out.op === '$first' || out.op === '$last') return yield* endpoint(p, spans, out, options);
  return yield* eachWindow(p, spans, out, options);
}

/**
 * `$rank` / `$denseRank` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/rank/,
 * .../denseRank/): documents with equal sortBy values share a rank; `$rank` then skips as many
 * ranks as documents tied, `$denseRank` does not.
 */
function ranks(p: Partition, dense: boolean, compareKeys: (a: unknown[], b: unknown[]) => number): number[] {
  const result: number[] = [];
  for (let i = 0; i < p.docs.length; i++) {
    const tied = i > 0 && compareKeys(p.keys[i] as unknown[], p.keys[i - 1] as unknown[]) === 0;
    const previous = result[i - 1] ?? 0;
    result.push(tied ? previous : dense ? previous + 1 : i + 1);
  }
  return result;
}

/**
 * `$integral` over sliding windows: the trapezoid between each two neighbours (mingo's operator
 * over those two documents, so units and checks are its own) summed by prefix; a window's integral
 * is the difference of two prefixes.
 */
function* integrals(p: Partition, spans: Spans, call: (i: number, docs: Doc[]) => unknown): Work<unknown[]> {
  const n = p.docs.length;
  const prefix = new Float64Array(n);
  for (let j = 1; j < n; j++) {
    prefix[j] = (prefix[j - 1] as number) + Number(call(j, [p.docs[j - 1] as Doc, p.docs[j] as Doc]));
    if (j % STEP === 0) yield STEP;
  }
  const result: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const start = spans.start[i] as number;
    const end = spans.end[i] as number;
    result.push(
      end - start < 2
        ? call(i, p.docs.slice(start, end))
        : (prefix[end - 1] as number) - (prefix[start] as number),
    );
  }
  return result;
}

function* windowOpValues(
  p: Partition,
  spans: Spans,
  out: WindowOutput,
  spec: WindowSpec,
  options: Options,
  compareKeys: (a: unknown[], b: unknown[]) => number,
): Work<unknown[]> {
  const n = p.docs.length;
  if (out.op === '$documentNumber') return p.docs.map((_, i) => i + 1);
  if (out.op === '$rank' || out.op === '$denseRank') return ranks(p, out.op === '$denseRank', compareKeys);
  const fn = options.context.getOperator(OpType.WINDOW, out.op) as unknown as WindowOp;
  const parentExpr = { sortBy: Object.fromEntries(spec.sortBy) };
  const call = (i: number, docs: Doc[]) =>
    fn(
      p.docs[i] as Doc,
      docs,
      { parentExpr, inputExpr: out.args, documentNumber: i + 1, field: out.field },
      options,
    );
  if (out.op === '$integral' && out.window) return yield* integrals(p, spans, call);
  const result: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const start = spans.start[i] as number;
    const end = spans.end[i] as number;
    if (!out.window) result.push(call(i, p.docs));
    else if (out.op === '$derivative') {
      // Only the window's first and last documents count.
      const ends =
        end - start < 2 ? p.docs.slice(start, end) : [p.docs[start] as Doc, p.docs[end - 1] as Doc];
      result.push(call(i, ends));
    } else {
      result.push(call(i, p.docs.slice(start, end)));
      yield end - start;
    }
    if (i % STEP === STEP - 1) yield STEP;
  }
  return result;
}

/**
 * The values a range window measures: the sortBy field read as the expression `"$field"`, as
 * mongod reads it, so a field holding an array is an array (refused, 5429414) rather than the
 * element it sorts by.
 */
const rangeValues = (p: Partition, spec: WindowSpec, options: Options): unknown[] => {
  const path = `$${spec.sortBy[0]?.[0] ?? ''}`;
  return p.docs.map((doc) => evalExpr(doc, path, options));
};

/** One output field's value for each document of a partition, in one pass where it can. */
export function* outputValues(
  p: Partition,
  out: WindowOutput,
  spec: WindowSpec,
  options: Options,
  compareKeys: (a: unknown[], b: unknown[]) => number,
): Work<unknown[]> {
  const spans = windowSpans(p.docs.length, out.window, () => rangeValues(p, spec, options), options);
  if (out.accumulator) return yield* accumulatorValues(p, spans, out, options);
  return yield* windowOpValues(p, spans, out, spec, options, compareKeys);
}
