import { OpType } from 'mingo/core';
import type { Options } from 'mingo/types';
import { parseSort } from '../sort.js';

type Doc = Record<string, unknown>;

/** One end of a window: a whole partition side, the current document, or an offset from it. */
export type Bound = 'unbounded' | 'current' | number;

/** A `window` of an output field: positions (`documents`) or sortBy values (`range`, `unit`). */
export type Window = { by: 'documents' | 'range'; lower: Bound; upper: Bound; unit?: string };

export type WindowOutput = {
  field: string;
  op: string;
  args: unknown;
  /** An accumulator (`$sum`, `$push`...) over the window, or a window operator (`$rank`...). */
  accumulator: boolean;
  /** Absent: the whole partition. */
  window?: Window;
};

export type WindowSpec = { partitionBy: unknown; sortBy: [string, number][]; outputs: WindowOutput[] };

/** Window operators that need a sort order, and those that take no window (one pass each). */
const NEEDS_SORT = new Set([
  '$denseRank',
  '$documentNumber',
  '$rank',
  '$shift',
  '$linearFill',
  '$first',
  '$last',
]);
const WHOLE_PARTITION_ONLY = new Set([
  '$denseRank',
  '$expMovingAvg',
  '$linearFill',
  '$locf',
  '$rank',
  '$shift',
]);
/** Operators reading the sortBy value as their x axis. */
const NEEDS_ONE_SORT_FIELD = new Set(['$derivative', '$integral', '$linearFill']);

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function bound(v: unknown, by: Window['by']): Bound | undefined {
  if (v === 'unbounded' || v === 'current') return v;
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  return by === 'documents' && !Number.isInteger(v) ? undefined : v;
}

function parseWindow(w: unknown): Window | undefined | null {
  if (w === undefined) return undefined;
  if (!isPlain(w)) return null;
  const { documents, range, unit, ...rest } = w;
  if (Object.keys(rest).length > 0 || (documents === undefined) === (range === undefined)) return null;
  const by = documents !== undefined ? 'documents' : 'range';
  const ends = documents ?? range;
  if (!Array.isArray(ends) || ends.length !== 2) return null;
  const lower = bound(ends[0], by);
  const upper = bound(ends[1], by);
  if (lower === undefined || upper === undefined) return null;
  if (unit !== undefined && (by !== 'range' || typeof unit !== 'string')) return null;
  // A lower end above the upper one: mongod refuses it when parsing.
  if (lower !== 'unbounded' && upper !== 'unbounded' && order(lower) > order(upper)) return null;
  if (upper === 'unbounded' && lower === 'unbounded') return undefined;
  return { by, lower, upper, ...(typeof unit === 'string' ? { unit } : {}) };
}

/** Whether a specification names a scripting operator anywhere. */
export function namesScript(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(namesScript);
  if (!isPlain(v)) return false;
  return Object.entries(v).some(([k, inner]) => SCRIPT_OPERATORS.has(k) || namesScript(inner));
}
const SCRIPT_OPERATORS = new Set(['$function', '$accumulator', '$where']);

/** Compares a bound with another of the same window: 'current' is offset 0. */
const order = (b: Bound): number => (b === 'current' ? 0 : (b as number));

/**
 * The `$setWindowFields` specification
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/setWindowFields/) when it is
 * one the engine computes in one pass per partition (window-fields.ts); null for anything else
 * (an unknown operator, a malformed window, a bounded window on a whole-partition operator, a
 * range window over several sort fields, a scripting operator...), which mingo's stage answers
 * with its own checks and errors.
 */
export function parseWindowSpec(expr: unknown, options: Options): WindowSpec | null {
  if (!isPlain(expr) || namesScript(expr) || !options.context) return null;
  const { partitionBy, sortBy, output, ...rest } = expr;
  if (Object.keys(rest).length > 0 || !isPlain(output) || (sortBy !== undefined && !isPlain(sortBy)))
    return null;
  const sort = parseSort(sortBy);
  const outputs: WindowOutput[] = [];
  for (const [field, spec] of Object.entries(output)) {
    if (field.startsWith('$') || field === '' || !isPlain(spec)) return null;
    const keys = Object.keys(spec);
    const op = keys.find((k) => k !== 'window');
    if (!op || keys.length > 2 || (keys.length === 2 && !keys.includes('window'))) return null;
    const context = options.context;
    const asWindow = !!context.getOperator(OpType.WINDOW, op);
    const accumulator = !asWindow && !!context.getOperator(OpType.ACCUMULATOR, op);
    if (!asWindow && !accumulator) return null;
    const window = parseWindow(spec.window);
    if (window === null) return null;
    if ((window || NEEDS_SORT.has(op)) && sort.length === 0) return null;
    if (window && WHOLE_PARTITION_ONLY.has(op)) return null;
    const oneAscending = sort.length === 1 && sort[0]?.[1] === 1;
    if ((window?.by === 'range' || NEEDS_ONE_SORT_FIELD.has(op)) && !oneAscending) return null;
    outputs.push({ field, op, args: spec[op], accumulator, ...(window ? { window } : {}) });
  }
  if (outputs.length === 0) return null;
  return { partitionBy, sortBy: sort, outputs };
}
