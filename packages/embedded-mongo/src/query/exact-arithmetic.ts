import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import { badValue, show } from '../errors.js';

type Doc = Record<string, unknown>;

/**
 * `$inc` / `$mul` where the field or the operand is an int64 beyond 2^53 (decoded as a `Long`) or a
 * Decimal128. mingo only does arithmetic on JS numbers and silently left such fields unchanged
 * (and refused a Decimal128 operand), while mongod computes them
 * (https://www.mongodb.com/docs/manual/reference/operator/update/inc/,
 * https://www.mongodb.com/docs/manual/reference/operator/update/mul/): long arithmetic is exact,
 * anything with a decimal gives a decimal, anything with a double (and no decimal) a double.
 *
 * These entries are computed here and handed to mingo as `$set` of the result; everything else
 * keeps going through mingo. Paths are concrete (positional operators already expanded).
 */

const isLong = (v: unknown): v is Long => v instanceof Long && !(v instanceof Timestamp);
const exotic = (v: unknown) => isLong(v) || v instanceof Decimal128 || typeof v === 'bigint';

function getPath(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

/** A finite decimal as coefficient × 10^exponent. */
export type Dec = { coef: bigint; exp: number };

export function toDec(v: unknown): Dec | undefined {
  let s: string;
  if (v instanceof Decimal128) s = v.toString();
  else if (isLong(v)) return { coef: v.toBigInt(), exp: 0 };
  else if (typeof v === 'bigint') return { coef: v, exp: 0 };
  else if (typeof v === 'number') {
    if (!Number.isFinite(v)) return undefined;
    if (Number.isInteger(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER) return { coef: BigInt(v), exp: 0 };
    s = v.toPrecision(15); // mongod converts a double to decimal with 15 significant digits
  } else return undefined;
  return decOfString(s);
}

/** A decimal written in digits (`-12.5`, `1E+3`); undefined for NaN and Infinity. */
export function decOfString(s: string): Dec | undefined {
  const m = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return undefined; // NaN, Infinity
  const frac = m[3] ?? '';
  const coef = BigInt(`${m[2] ?? '0'}${frac}`);
  return { coef: m[1] ? -coef : coef, exp: Number(m[4] ?? '0') - frac.length };
}

export function decToDecimal128(d: Dec): Decimal128 {
  return Decimal128.fromStringWithRounding(`${d.coef.toString()}E${String(d.exp)}`);
}

function decimalOp(op: '$inc' | '$mul', a: unknown, b: unknown): Decimal128 {
  const x = toDec(a);
  const y = toDec(b);
  if (!x || !y) {
    // NaN / Infinity on either side: the IEEE result, as a decimal.
    const n = op === '$inc' ? Number(String(a)) + Number(String(b)) : Number(String(a)) * Number(String(b));
    return Decimal128.fromString(Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity');
  }
  if (op === '$mul') return decToDecimal128({ coef: x.coef * y.coef, exp: x.exp + y.exp });
  const exp = Math.min(x.exp, y.exp);
  const scale = (d: Dec) => d.coef * 10n ** BigInt(d.exp - exp);
  return decToDecimal128({ coef: scale(x) + scale(y), exp });
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

function compute(op: '$inc' | '$mul', current: unknown, operand: unknown): unknown {
  if (current === undefined) {
    // $inc on a missing field sets the operand; $mul sets a zero of the operand's type.
    if (op === '$inc') return operand;
    return operand instanceof Decimal128 ? Decimal128.fromString('0') : Long.fromInt(0);
  }
  if (current instanceof Decimal128 || operand instanceof Decimal128) return decimalOp(op, current, operand);
  const isDouble = (v: unknown) => typeof v === 'number' && !Number.isInteger(v);
  if (isDouble(current) || isDouble(operand)) {
    const a = Number(isLong(current) ? current.toBigInt() : current);
    const b = Number(isLong(operand) ? operand.toBigInt() : operand);
    return op === '$inc' ? a + b : a * b;
  }
  const big = (v: unknown) => (isLong(v) ? v.toBigInt() : typeof v === 'bigint' ? v : BigInt(v as number));
  const r = op === '$inc' ? big(current) + big(operand) : big(current) * big(operand);
  // Beyond int64 one side was a whole double decoded as a number (an int64 overflow is refused by
  // the typed pass, which knows the stored types): the result is a double.
  if (r < INT64_MIN || r > INT64_MAX) return Number(r);
  return Long.fromBigInt(r);
}

/** Returns the modifier with the int64/decimal `$inc`/`$mul` entries turned into `$set` of the result. */
export function exactArithmetic(doc: Doc, mod: Doc): Doc {
  let out: Doc | undefined;
  for (const op of ['$inc', '$mul'] as const) {
    const arg = mod[op] as Doc | undefined;
    if (!arg) continue;
    for (const [path, operand] of Object.entries(arg)) {
      const current = getPath(doc, path);
      if (!exotic(current) && !exotic(operand)) continue;
      out ??= { ...mod };
      const rest = { ...(out[op] as Doc) };
      delete rest[path];
      if (Object.keys(rest).length > 0) out[op] = rest;
      else delete out[op];
      out.$set = { ...(out.$set ?? {}), [path]: compute(op, current, operand) };
    }
  }
  return out ?? mod;
}

/** The numeric BSON type of a value decoded without promotion (Int32/Long/Double wrappers). */
export type NumKind = 'int' | 'long' | 'double' | 'decimal';
export const RANK: Record<NumKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

export function numKind(v: unknown): NumKind | undefined {
  if (v instanceof Int32) return 'int';
  if (isLong(v) || typeof v === 'bigint') return 'long';
  if (v instanceof Double) return 'double';
  if (v instanceof Decimal128) return 'decimal';
  if (typeof v === 'number') return Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 ? 'int' : 'double';
  return undefined;
}

/**
 * A double result as the wire must carry it: a whole value as a `Double` (a plain JS number with
 * a whole value is written as an int32), a fractional one as the number.
 */
export const doubleOf = (n: number): number | Double => (Number.isInteger(n) ? new Double(n) : n);

export const plainNumber = (v: unknown): number =>
  v instanceof Int32 || v instanceof Double ? v.value : isLong(v) ? Number(v.toBigInt()) : Number(v);
export const bigOf = (v: unknown): bigint =>
  isLong(v) ? v.toBigInt() : typeof v === 'bigint' ? v : BigInt(plainNumber(v));

/**
 * `$inc` / `$mul` with MongoDB's result types: the wider of the two operand types in the order
 * int32 < int64 < double < decimal, where an int32 result that overflows becomes an int64 and an
 * int64 overflow is an error; on a missing field `$inc` stores the operand and `$mul` a zero of the
 * operand's type (https://www.mongodb.com/docs/manual/reference/operator/update/mul/#behavior).
 * Values are decoded without promotion, so the types are those stored and sent.
 */
export function typedArithmetic(
  op: '$inc' | '$mul',
  current: unknown,
  operand: unknown,
  path: string,
): unknown {
  const opKind = numKind(operand) ?? 'int';
  if (current === undefined) {
    if (op === '$inc') return operand;
    if (opKind === 'decimal') return Decimal128.fromString('0');
    if (opKind === 'double') return new Double(0);
    return opKind === 'long' ? Long.fromInt(0) : new Int32(0);
  }
  const curKind = numKind(current) ?? 'int';
  const kind = RANK[curKind] >= RANK[opKind] ? curKind : opKind;
  if (kind === 'decimal') return decimalOp(op, unwrap(current), unwrap(operand));
  if (kind === 'double') {
    const a = plainNumber(current);
    const b = plainNumber(operand);
    return new Double(op === '$inc' ? a + b : a * b);
  }
  const r = op === '$inc' ? bigOf(current) + bigOf(operand) : bigOf(current) * bigOf(operand);
  if (kind === 'int' && r >= -(2n ** 31n) && r < 2n ** 31n) return new Int32(Number(r));
  if (r < INT64_MIN || r > INT64_MAX)
    throw badValue(
      `Failed to apply ${op} operations to current value (${show(unwrap(current))}) for the field '${path}': int64 overflow`,
    );
  return Long.fromBigInt(r);
}

/** A wrapper's JS value, for the decimal conversion and messages. */
export function unwrap(v: unknown): unknown {
  return v instanceof Int32 || v instanceof Double ? v.value : v;
}
