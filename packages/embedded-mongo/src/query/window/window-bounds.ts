import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { approximate, isBsonNumber } from '../../bson/exact-number.js';
import { locationError } from '../../errors.js';
import { bsonTypeName } from '../expression-fixes.js';
import type { Bound, Window } from './window-spec.js';

/**
 * Each document's window inside its partition, as positions: documents `start[i]` (included) to
 * `end[i]` (excluded). Both only grow from one document to the next (positions move on, and in a
 * range window the sortBy values ascend), which is what lets every window be found in one pass
 * and lets sliding aggregates add and drop documents instead of recomputing each window.
 */
export type Spans = { start: Int32Array; end: Int32Array };

function wholePartition(n: number): Spans {
  return { start: new Int32Array(n), end: new Int32Array(n).fill(n) };
}

/** `documents: [lower, upper]`: offsets from the current position, clipped to the partition. */
function documentSpans(n: number, lower: Bound, upper: Bound): Spans {
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const offset = (b: Bound) => (b === 'current' ? 0 : (b as number));
  for (let i = 0; i < n; i++) {
    const s = lower === 'unbounded' ? 0 : Math.min(Math.max(i + offset(lower), 0), n);
    const e = upper === 'unbounded' ? n : Math.min(Math.max(i + offset(upper) + 1, 0), n);
    start[i] = s;
    end[i] = Math.max(s, e);
  }
  return { start, end };
}

/**
 * The sortBy values of a range window, as numbers (dates as milliseconds). mongod refuses a value
 * of another type when it computes the window: 5429414 (a number expected), 5429413 (a date with
 * no `unit`), 5429513 (a `unit` over something else than a date).
 */
function rangeKeys(values: unknown[], unit: string | undefined): number[] {
  return values.map((v) => {
    if (unit !== undefined) {
      if (!(v instanceof Date))
        throw locationError(
          5429513,
          `Invalid range: Expected the sortBy field to be a Date, but it was ${bsonTypeName(v)}`,
        );
      return v.getTime();
    }
    if (v instanceof Date)
      throw locationError(
        5429413,
        'Invalid range: For windows that involve date or time ranges, a unit must be provided.',
      );
    if (!isBsonNumber(v))
      throw locationError(
        5429414,
        `Invalid range: Expected the sortBy field to be a number, but it was ${bsonTypeName(v)}`,
      );
    return approximate(v);
  });
}

/**
 * The value a numeric bound reaches from `key`: key + offset, or for a time `unit` the date that
 * `$dateAdd` gives (months and years have no fixed length).
 */
function reach(key: number, offset: number, unit: string | undefined, options: Options): number {
  if (unit === undefined) return key + offset;
  const date = evalExpr(
    {},
    { $dateAdd: { startDate: { $literal: new Date(key) }, unit, amount: offset } },
    options,
  );
  return (date as Date).getTime();
}

/**
 * `range: [lower, upper]` over the single ascending sortBy field: every document whose value lies
 * within [value + lower, value + upper]; `current` is the current document's position (not its
 * value), `unbounded` the partition's end. Two cursors move forward only.
 */
function rangeSpans(values: unknown[], w: Window, options: Options): Spans {
  const n = values.length;
  const keys = rangeKeys(values, w.unit);
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  let s = 0;
  let e = 0;
  for (let i = 0; i < n; i++) {
    const key = keys[i] as number;
    if (w.lower === 'unbounded') start[i] = 0;
    else if (w.lower === 'current') start[i] = i;
    else {
      const low = reach(key, w.lower, w.unit, options);
      while (s < n && (keys[s] as number) < low) s++;
      start[i] = s;
    }
    if (w.upper === 'unbounded') end[i] = n;
    else if (w.upper === 'current') end[i] = i + 1;
    else {
      const high = reach(key, w.upper, w.unit, options);
      while (e < n && (keys[e] as number) <= high) e++;
      end[i] = e;
    }
    if ((end[i] as number) < (start[i] as number)) end[i] = start[i] as number;
  }
  return { start, end };
}

/** The spans of a window over a partition of `n` documents whose sortBy values are `sortValues()`. */
export function windowSpans(
  n: number,
  w: Window | undefined,
  sortValues: () => unknown[],
  options: Options,
): Spans {
  if (!w) return wholePartition(n);
  if (w.by === 'documents') return documentSpans(n, w.lower, w.upper);
  return rangeSpans(sortValues(), w, options);
}
