import { evalExpr } from 'mingo/core';
import { Decimal128, Double, Int32 } from 'bson';
import { locationError } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';
import { plainNumber } from './exact-arithmetic.js';
import { checkCount } from './expression-arity.js';
import { bsonTypeName, type ExprOp } from './expression-fixes.js';

/**
 * `$indexOfBytes` and `$indexOfCP`
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/indexOfBytes/, .../indexOfCP/)
 * as mongod evaluates them: null or missing string → null; a string argument that is not a string
 * → 40091/40092 (bytes) or 40093/40094 (code points); a start or end that is not a whole 32-bit
 * number → 40096, a negative one → 40097. Positions count UTF-8 bytes or code points. As in
 * mongod, `$indexOfCP` checks that the token starts before the end index (it may run past it),
 * while `$indexOfBytes` searches only the bytes before the end.
 */
const fail = locationError;
const nullish = (v: unknown) => v === null || v === undefined;

/** A value as mongod prints it in these messages: strings quoted, numbers as written. */
function shown(v: unknown): string {
  if (typeof v === 'string') return `"${v}"`;
  if (v instanceof Int32 || v instanceof Double || v instanceof Decimal128) return v.toString();
  return String(v);
}

/** A start or end index: a whole number within 32 bits (40096), not negative (40097). */
function indexArgument(name: string, label: string, v: unknown): number {
  const n = isBsonNumber(v) ? plainNumber(v) : NaN;
  if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31)
    throw fail(
      40096,
      `${name}requires an integral ${label}, found a value of type: ${bsonTypeName(v)}, with value: ${shown(v)}`,
    );
  if (n < 0) throw fail(40097, `${name} requires a nonnegative ${label}, found: ${shown(v)}`);
  return n;
}

type Search = { input: string; token: string; start: number; end: number | undefined };

/** The checked arguments, or null when the string is null or missing. */
function searchOf(
  name: string,
  codes: [number, number],
  obj: Record<string, unknown>,
  expr: unknown,
  options: Parameters<ExprOp>[2],
): Search | null {
  checkCount(name, expr);
  const args = expr as unknown[];
  const value = (i: number): unknown => evalExpr(obj, args[i], options);
  const input = value(0);
  if (nullish(input)) return null;
  if (typeof input !== 'string')
    throw fail(codes[0], `${name} requires a string as the first argument, found: ${bsonTypeName(input)}`);
  const token = value(1);
  if (typeof token !== 'string')
    throw fail(codes[1], `${name} requires a string as the second argument, found: ${bsonTypeName(token)}`);
  const start = args.length > 2 ? indexArgument(name, 'starting index', value(2)) : 0;
  const end = args.length > 3 ? indexArgument(name, 'ending index', value(3)) : undefined;
  return { input, token, start, end };
}

const $indexOfBytes: ExprOp = (obj, expr, options) => {
  const s = searchOf('$indexOfBytes', [40091, 40092], obj, expr, options);
  if (!s) return null;
  const bytes = Buffer.from(s.input, 'utf8');
  const end = Math.min(bytes.length, s.end ?? bytes.length);
  if (s.start > bytes.length || end < s.start) return -1;
  return bytes.subarray(0, end).indexOf(Buffer.from(s.token, 'utf8'), s.start);
};

const $indexOfCP: ExprOp = (obj, expr, options) => {
  const s = searchOf('$indexOfCP', [40093, 40094], obj, expr, options);
  if (!s) return null;
  const points = Array.from(s.input);
  const token = Array.from(s.token);
  const end = Math.min(points.length, s.end ?? points.length);
  if (end < s.start) return -1;
  if (points.length === 0 && token.length === 0) return 0;
  const at = (i: number) => i + token.length <= points.length && token.every((p, k) => points[i + k] === p);
  for (let i = s.start; i < end; i++) if (at(i)) return i;
  return -1;
};

export const indexOfExpressions: Record<string, ExprOp> = { $indexOfBytes, $indexOfCP };
