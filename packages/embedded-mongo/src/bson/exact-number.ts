import { Decimal128, Double, Int32, Long, Timestamp } from 'bson';

/**
 * Exact comparison of BSON numbers. MongoDB compares int32, int64, double and decimal128 by their
 * exact values (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#numeric-types):
 * `Long("9007199254740993")` is greater than `Long("9007199254740992")` although both are the same
 * double. Every finite number here is coefficient × 10^exponent with a bigint coefficient; a
 * double converts exactly (m × 2^e = m × 5^-e × 10^e).
 */
type Exact = { kind: 'nan' } | { kind: 'inf'; sign: 1 | -1 } | { kind: 'fin'; coef: bigint; exp: number };

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);

function exactDouble(n: number): Exact {
  if (Number.isNaN(n)) return { kind: 'nan' };
  if (!Number.isFinite(n)) return { kind: 'inf', sign: n > 0 ? 1 : -1 };
  if (Number.isSafeInteger(n)) return { kind: 'fin', coef: BigInt(n), exp: 0 };
  F64[0] = n;
  const bits = U64[0] ?? 0n;
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075; // n = mantissa × 2^e
  const signed = negative ? -mantissa : mantissa;
  if (e >= 0) return { kind: 'fin', coef: signed << BigInt(e), exp: 0 };
  return { kind: 'fin', coef: signed * 5n ** BigInt(-e), exp: e };
}

function exactDecimal(d: Decimal128): Exact {
  const s = d.toString();
  if (s === 'NaN') return { kind: 'nan' };
  if (s === 'Infinity' || s === '-Infinity') return { kind: 'inf', sign: s[0] === '-' ? -1 : 1 };
  const m = /^(-)?(\d+)(?:\.(\d+))?(?:E([+-]?\d+))?$/i.exec(s);
  if (!m) return { kind: 'nan' };
  const frac = m[3] ?? '';
  const coef = BigInt(`${m[2] ?? '0'}${frac}`);
  return { kind: 'fin', coef: m[1] ? -coef : coef, exp: Number(m[4] ?? '0') - frac.length };
}

/** The exact value of a BSON number (JS number, bigint, Int32, Double, Long or Decimal128). */
/**
 * Whether `v` is a BSON number (int32, int64, double, decimal, or a JS number / bigint standing for
 * one). A Timestamp is not, although bson's Timestamp class extends Long.
 */
export const isBsonNumber = (v: unknown): boolean =>
  typeof v === 'number' ||
  typeof v === 'bigint' ||
  (v instanceof Long && !(v instanceof Timestamp)) ||
  v instanceof Int32 ||
  v instanceof Double ||
  v instanceof Decimal128;

export function exactOf(v: unknown): Exact {
  if (typeof v === 'number') return exactDouble(v);
  if (typeof v === 'bigint') return { kind: 'fin', coef: v, exp: 0 };
  if (v instanceof Int32 || v instanceof Double) return exactDouble(v.value);
  if (v instanceof Long) return { kind: 'fin', coef: v.toBigInt(), exp: 0 };
  if (v instanceof Decimal128) return exactDecimal(v);
  return { kind: 'nan' };
}

function compareFinite(a: { coef: bigint; exp: number }, b: { coef: bigint; exp: number }): number {
  const exp = Math.min(a.exp, b.exp);
  const x = a.coef * 10n ** BigInt(a.exp - exp);
  const y = b.coef * 10n ** BigInt(b.exp - exp);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** -1/0/1 by exact value; NaN equals NaN and sorts below every other number, as in MongoDB. */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
    if (Number.isNaN(b)) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = exactOf(a);
  const y = exactOf(b);
  if (x.kind === 'nan') return y.kind === 'nan' ? 0 : -1;
  if (y.kind === 'nan') return 1;
  if (x.kind === 'inf') return y.kind === 'inf' && y.sign === x.sign ? 0 : x.sign;
  if (y.kind === 'inf') return -y.sign;
  return compareFinite(x, y);
}

/** The nearest double of a BSON number (what index keys are ordered by first). */
export function approximate(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return Number(v.toBigInt());
  if (v instanceof Decimal128) return Number(v.toString());
  return NaN;
}

/**
 * An order-preserving suffix for index keys: how far the exact value lies from its nearest double
 * (`\x02` when it is that double, as every int32 and double is). Keys sort by the double first,
 * and rounding to the nearest double never reverses an order, so values sharing a double are
 * ordered by this remainder.
 */
export function remainderSuffix(v: unknown, approx: number): string {
  if (typeof v === 'number' || v instanceof Int32 || v instanceof Double) return '\x02';
  const x = exactOf(v);
  if (x.kind !== 'fin' || !Number.isFinite(approx)) return '\x02';
  const a = exactDouble(approx);
  if (a.kind !== 'fin') return '\x02';
  const exp = Math.min(x.exp, a.exp);
  let coef = x.coef * 10n ** BigInt(x.exp - exp) - a.coef * 10n ** BigInt(a.exp - exp);
  if (coef === 0n) return '\x02';
  const negative = coef < 0n;
  if (negative) coef = -coef;
  let e = exp;
  while (coef % 10n === 0n) {
    coef /= 10n;
    e += 1;
  }
  const digits = coef.toString();
  // 0.digits × 10^E: a larger E is a larger magnitude; for equal E the digits decide.
  const body = String.fromCharCode(0x8000 + e + digits.length) + digits + '\0';
  if (!negative) return `\x03${body}`;
  let inverted = '';
  for (let i = 0; i < body.length; i++) inverted += String.fromCharCode(0xffff - body.charCodeAt(i));
  return `\x01${inverted}`;
}
