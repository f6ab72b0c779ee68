import { evalExpr } from 'mingo/core';
import { Decimal128, Int32, Long } from 'bson';
import { locationError, typeMismatch } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';
import {
  INT64_MAX,
  INT64_MIN,
  bigOf,
  decToDecimal128,
  doubleOf,
  numKind,
  plainNumber,
  toDec,
  unwrap,
} from './exact-arithmetic.js';
import { bsonTypeName, type ExprOp } from './expression-fixes.js';
import { decOfDouble, decimalOf, decimalPower, quantize, type Rounding } from './decimal-math.js';

/**
 * `$mod`, `$pow`, `$round`, `$trunc` and the `$bit*` expressions with mongod's result types
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/mod/, .../pow/, .../round/,
 * .../trunc/, .../bitAnd/, .../bitNot/): integers stay integers of the wider input type
 * (int32 < int64), a double input gives a double and a decimal input a decimal. mingo computed
 * on JS numbers, so an int64 input came back as an int32 or a double.
 */
const fail = locationError;
const nullish = (v: unknown) => v === null || v === undefined;
const args = (expr: unknown): unknown[] => (Array.isArray(expr) ? expr : [expr]);
const evalArgs = (obj: Record<string, unknown>, expr: unknown, options: Parameters<ExprOp>[2]) =>
  args(expr).map((a): unknown => evalExpr(obj, a, options));
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** An int32 result when it fits, else an int64 (mongod's `createIntOrLong`). */
const intOrLong = (n: bigint): number | Long =>
  n >= INT32_MIN && n <= INT32_MAX ? Number(n) : Long.fromBigInt(n);
const inInt64 = (n: bigint) => n >= INT64_MIN && n <= INT64_MAX;
/** Whether a number has a whole value (what mongod calls integral for a double divisor). */
const whole = (v: unknown) => Number.isInteger(plainNumber(v));

/** The remainder of two decimals (sign of the dividend), exact. */
function decimalMod(a: unknown, b: unknown): Decimal128 {
  const x = toDec(unwrap(a));
  const y = toDec(unwrap(b));
  if (!x || !y) return Decimal128.fromString('NaN');
  const exp = Math.min(x.exp, y.exp);
  const left = x.coef * 10n ** BigInt(x.exp - exp);
  const right = y.coef * 10n ** BigInt(y.exp - exp);
  return decToDecimal128({ coef: left % right, exp });
}

const isZero = (v: unknown) => (v instanceof Decimal128 ? toDec(v)?.coef === 0n : plainNumber(v) === 0);

/** `$mod`: the remainder with the dividend's sign; a zero divisor is refused (16610). */
const $mod: ExprOp = (obj, expr, options) => {
  const [a, b] = evalArgs(obj, expr, options);
  if (!isBsonNumber(a) || !isBsonNumber(b)) {
    if (nullish(a) || nullish(b)) return null;
    throw fail(16611, `$mod only supports numeric types, not ${bsonTypeName(a)} and ${bsonTypeName(b)}`);
  }
  if (isZero(b)) throw fail(16610, "can't $mod by zero");
  const ka = numKind(a);
  const kb = numKind(b);
  if (ka === 'decimal' || kb === 'decimal') return decimalMod(a, b);
  // A double divisor with a whole value does not make the result a double (mongod's rule).
  if (ka === 'double' || (kb === 'double' && !whole(b))) return doubleOf(plainNumber(a) % plainNumber(b));
  const r = bigOf(a) % bigOf(b);
  return ka === 'long' || kb === 'long' ? Long.fromBigInt(r) : Number(r);
};

/** `$pow` with mongod's types: int32 ^ int32 is an int32, or an int64 when it does not fit. */
const $pow: ExprOp = (obj, expr, options) => {
  const [base, exponent] = evalArgs(obj, expr, options);
  if (nullish(base) || nullish(exponent)) return null;
  if (!isBsonNumber(base)) throw fail(28762, `$pow's base must be numeric, not ${bsonTypeName(base)}`);
  if (!isBsonNumber(exponent))
    throw fail(28763, `$pow's exponent must be numeric, not ${bsonTypeName(exponent)}`);
  const kb = numKind(base);
  const ke = numKind(exponent);
  const b = plainNumber(base);
  const e = plainNumber(exponent);
  const zeroNegative = () => fail(28764, '$pow cannot take a base of 0 and a negative exponent');
  if (kb === 'decimal' || ke === 'decimal') {
    const x = Number(String(unwrap(base)));
    const y = Number(String(unwrap(exponent)));
    if (x === 0 && y < 0) throw zeroNegative();
    return decimalPower(base, exponent) ?? Decimal128.fromString(String(x ** y));
  }
  if (b === 0 && e < 0) throw zeroNegative();
  if (kb === 'double' || ke === 'double') return doubleOf(b ** e);
  const typed = (n: bigint) => (kb === 'long' || ke === 'long' ? Long.fromBigInt(n) : intOrLong(n));
  const x = bigOf(base);
  const y = bigOf(exponent);
  if (x === 0n) return typed(y === 0n ? 1n : 0n);
  if (x === 1n) return typed(1n);
  if (x === -1n) return typed(y % 2n === 0n ? 1n : -1n);
  if (y < 0n || y > 63n) return doubleOf(Number(x) ** Number(y));
  const r = x ** y;
  return inInt64(r) ? typed(r) : doubleOf(Number(x) ** Number(y));
};

/** An integer rounded (or truncated) to `place` digits; a place ≥ 0 leaves it as it is. */
function roundInteger(n: bigint, place: number, mode: Rounding): bigint {
  if (place >= 0) return n;
  return quantize({ coef: n, exp: 0 }, place, mode).coef * 10n ** BigInt(-place);
}

/**
 * The place argument of `$round`/`$trunc`, checked in mongod's order: converted to an int64
 * (16004 for a non-number, 31109 for NaN, infinity or beyond int64), then a whole 32-bit value
 * (51082), then within [-20, 100] (51083). Null when it is null or missing.
 */
function placeOf(name: string, place: unknown): number | null {
  if (nullish(place)) return null;
  if (!isBsonNumber(place)) throw fail(16004, `can't convert from BSON type ${bsonTypeName(place)} to long`);
  const value = plainNumber(place);
  if (!Number.isFinite(value) || Math.abs(value) >= 2 ** 63)
    throw fail(31109, `Can't coerce out of range value ${String(value).toLowerCase()} to long`);
  if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31)
    throw fail(51082, `precision argument to  ${name} must be a integral value`);
  if (value < -20 || value > 100)
    throw fail(
      51083,
      `cannot apply ${name} with precision value ${String(value)} value must be in [-20, 100]`,
    );
  return value;
}

/**
 * `$round` (half to even) and `$trunc` (toward zero) to a number of places, as mongod: a double is
 * first written with its 34 first significant digits and rounded in decimal, so `$round` of 2.675
 * to 2 places is 2.67 (the double is 2.67499999...); a decimal keeps the exponent of the place
 * (`$round: [NumberDecimal("23.298"), -1]` is `2E+1`); an int32 or int64 keeps its type, an int32
 * grown past 32 bits becomes an int64, an int64 past 64 bits is refused (51080). Infinities and
 * NaN are answered as they are.
 */
const rounding =
  (name: '$round' | '$trunc'): ExprOp =>
  (obj, expr, options) => {
    const operands = evalArgs(obj, expr, options);
    const value = operands[0];
    if (nullish(value)) return null;
    if (!isBsonNumber(value))
      throw fail(51081, `${name} only supports numeric types, not ${bsonTypeName(value)}`);
    const place = operands.length > 1 ? placeOf(name, operands[1]) : 0;
    if (place === null) return null;
    const mode: Rounding = name === '$round' ? 'halfEven' : 'towardZero';
    const kind = numKind(value);
    if (kind === 'int' || kind === 'long') {
      const r = roundInteger(bigOf(value), place, mode);
      if (!inInt64(r)) throw fail(51080, `Invalid conversion to long during ${name}.`);
      return kind === 'int' ? intOrLong(r) : Long.fromBigInt(r);
    }
    const unwrapped = unwrap(value);
    const negative = String(unwrapped).startsWith('-');
    if (kind === 'decimal') {
      const d = toDec(unwrapped);
      return d ? decimalOf(quantize(d, place, mode), negative) : value;
    }
    const d = decOfDouble(plainNumber(value));
    if (!d) return value;
    const out = Number(decimalOf(quantize(d, place, mode), negative).toString());
    return doubleOf(out);
  };

/** An int32 or int64 operand of a bitwise operator, as a bigint; undefined for other types. */
const bitOperand = (v: unknown): bigint | undefined => {
  const kind = numKind(v);
  if (kind === 'long' || (kind === 'int' && (typeof v === 'number' || v instanceof Int32))) return bigOf(v);
  return undefined;
};

/** `$bitAnd`/`$bitOr`/`$bitXor`: int32 operands give an int32, any int64 operand an int64. */
const bitwise =
  (name: string, identity: bigint, op: (a: bigint, b: bigint) => bigint): ExprOp =>
  (obj, expr, options) => {
    let acc = identity;
    let long = false;
    for (const v of evalArgs(obj, expr, options)) {
      if (nullish(v)) return null;
      const n = bitOperand(v);
      if (n === undefined) throw typeMismatch(`${name} only supports int and long operands.`);
      long ||= numKind(v) === 'long';
      acc = op(acc, n);
    }
    return long ? Long.fromBigInt(BigInt.asIntN(64, acc)) : Number(BigInt.asIntN(32, acc));
  };

/** `$bitNot` of an int32 or int64, keeping its type. */
const $bitNot: ExprOp = (obj, expr, options) => {
  const [v] = evalArgs(obj, expr, options);
  if (nullish(v)) return null;
  if (!isBsonNumber(v)) throw fail(28765, `$bitNot only supports numeric types, not ${bsonTypeName(v)}`);
  const n = bitOperand(v);
  if (n === undefined) throw typeMismatch(`$bitNot only supports int and long, not: ${bsonTypeName(v)}.`);
  return numKind(v) === 'long' ? Long.fromBigInt(~n) : Number(~n);
};

export const typedMath: Record<string, ExprOp> = {
  $mod,
  $pow,
  $round: rounding('$round'),
  $trunc: rounding('$trunc'),
  $bitAnd: bitwise('$bitAnd', -1n, (a, b) => a & b),
  $bitOr: bitwise('$bitOr', 0n, (a, b) => a | b),
  $bitXor: bitwise('$bitXor', 0n, (a, b) => a ^ b),
  $bitNot,
};
