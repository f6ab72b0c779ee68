import { Decimal128 } from 'bson';
import { createRequire } from 'node:module';
import type * as DecimalJsLight from 'decimal.js-light';
import { decOfString, decToDecimal128, toDec, unwrap, type Dec } from './exact-arithmetic.js';

/**
 * Decimal arithmetic as mongod does it in IEEE 754 decimal128 (34 significant digits), for the
 * expressions whose results JavaScript doubles cannot give: `$round`/`$trunc` to a number of places
 * and `$pow` with a decimal operand.
 */
const DIGITS = 34;
const MIN_EXP = -6176;

const digitCount = (n: bigint): number => (n < 0n ? -n : n).toString().length;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

export type Rounding = 'halfEven' | 'towardZero';

/** `coef / unit` rounded to an integer: half to even, or toward zero. */
function divideRounded(coef: bigint, unit: bigint, mode: Rounding): bigint {
  const q = coef / unit; // bigint division truncates toward zero
  const r = coef % unit;
  if (mode === 'towardZero' || r === 0n) return q;
  const twice = 2n * (r < 0n ? -r : r);
  const away = twice > unit || (twice === unit && q % 2n !== 0n);
  return away ? q + (coef < 0n ? -1n : 1n) : q;
}

/**
 * A decimal with exponent `place` digits below the point (10^-place), as decimal128's quantize:
 * the coefficient rounded or padded with zeros, but never to more than 34 digits (mongod's
 * `$round: [NumberDecimal("1.298"), 100]` is 1.298 followed by 30 zeros).
 */
export function quantize(d: Dec, place: number, mode: Rounding): Dec {
  const leading = d.exp + digitCount(d.coef) - 1;
  const exp = Math.max(-place, leading - (DIGITS - 1));
  if (d.exp >= exp) return { coef: d.coef * pow10(d.exp - exp), exp };
  return { coef: divideRounded(d.coef, pow10(exp - d.exp), mode), exp };
}

/** A decimal as a Decimal128 keeping its exponent; `negative` gives a zero its sign. */
export function decimalOf(d: Dec, negative = false): Decimal128 {
  if (d.coef === 0n && negative) return Decimal128.fromString(`-0E${String(d.exp)}`);
  return decToDecimal128(d);
}

/** A double as mongod rounds it to a decimal before quantizing: its 34 first significant digits. */
export const decOfDouble = (x: number): Dec | undefined =>
  Number.isFinite(x) ? decOfString(x.toPrecision(DIGITS)) : undefined;

/** A decimal rounded (half to even) to 34 significant digits, or padded with zeros to 34. */
function fullPrecision(d: Dec): Dec {
  const digits = digitCount(d.coef);
  if (d.coef === 0n) return d;
  if (digits > DIGITS) {
    const shift = digits - DIGITS;
    return fullPrecision({ coef: divideRounded(d.coef, pow10(shift), 'halfEven'), exp: d.exp + shift });
  }
  const pad = Math.min(DIGITS - digits, d.exp - MIN_EXP);
  return pad > 0 ? { coef: d.coef * pow10(pad), exp: d.exp - pad } : d;
}

/** Above this many digits an exact power is not worth computing: decimal128 would overflow. */
const MAX_EXACT_DIGITS = 7000;

/**
 * Sixteen digits past decimal128's 34: decimal.js-light truncates `pow`, so the digits kept beyond
 * the 34th decide the rounding (a result that is exactly a short decimal, such as 4 ^ 0.5, comes
 * back as 1.999…9 and rounds to 2).
 */
// decimal.js-light is CommonJS with an ES module build beside it, whose default exports differ
// (Node loads the first, Vite the second): required, it is the same constructor everywhere.
const { Decimal } = createRequire(import.meta.url)('decimal.js-light') as typeof DecimalJsLight;
const FractionalDecimal = Decimal.clone({ precision: DIGITS + 16 });

/**
 * `base ^ exponent` in decimal, as mongod's `$pow` with a decimal operand (Decimal128::power: both
 * operands as decimals, a double first rounded to 15 significant digits, the result rounded half
 * to even to 34 significant digits). A whole exponent gives the exact power, correctly rounded,
 * written with 34 significant digits (`NumberDecimal("10.0")` squared is
 * `100.0000000000000000000000000000000`); a fractional one is computed by decimal.js-light and
 * written the same way, and a negative base with a fractional exponent is NaN (no real power).
 * Undefined for NaN, infinity, a zero base with a fractional exponent, or a result beyond
 * decimal128's range, for the caller's double fallback.
 */
export function decimalPower(base: unknown, exponent: unknown): Decimal128 | undefined {
  const b = toDec(unwrap(base));
  const e = toDec(unwrap(exponent));
  if (!b || !e) return undefined;
  const whole = e.exp >= 0 || e.coef % pow10(-e.exp) === 0n;
  return whole ? wholePower(b, e) : fractionalPower(b, e);
}

function fractionalPower(b: Dec, e: Dec): Decimal128 | undefined {
  if (b.coef < 0n) return Decimal128.fromString('NaN');
  if (b.coef === 0n) return undefined;
  const power = powerOrOutOfRange(decString(b), decString(e));
  const d = power === undefined ? undefined : decOfString(power);
  return d && finite(fullPrecision(d));
}

/**
 * decimal.js-light throws (a DecimalError "Exponent out of range") where the power, or a step on the
 * way to it, is far beyond decimal128's range: that is the caller's out-of-range case, not an error
 * of the query.
 */
function powerOrOutOfRange(base: string, exponent: string): string | undefined {
  try {
    return new FractionalDecimal(base).pow(exponent).toString();
  } catch (error) {
    if (error instanceof Error && error.message.includes('Exponent out of range')) return undefined;
    throw error;
  }
}

const decString = (d: Dec): string => `${d.coef.toString()}e${String(d.exp)}`;

function wholePower(b: Dec, e: Dec): Decimal128 | undefined {
  const n = e.exp >= 0 ? e.coef * pow10(e.exp) : e.coef / pow10(-e.exp);
  const size = Number(n < 0n ? -n : n) * digitCount(b.coef);
  if (!Number.isSafeInteger(size) || size > MAX_EXACT_DIGITS) return undefined;
  const magnitude = n < 0n ? -n : n;
  const power: Dec = { coef: b.coef ** magnitude, exp: b.exp * Number(magnitude) };
  if (n >= 0n) return finite(fullPrecision(power));
  // 1 / power, to two digits more than decimal128 keeps, then rounded.
  const scale = DIGITS + 2 + digitCount(power.coef);
  const coef = pow10(scale) / power.coef;
  const exact = coef * power.coef === pow10(scale);
  // An inexact quotient gets one more digit, away from zero, so that rounding never sees a false tie.
  const sticky = coef < 0n ? -1n : 1n;
  const quotient = { coef: exact ? coef : coef * 10n + sticky, exp: -scale - power.exp - (exact ? 0 : 1) };
  return finite(fullPrecision(quotient));
}

function finite(d: Dec): Decimal128 | undefined {
  const leading = d.exp + digitCount(d.coef) - 1;
  if (leading > 6144 || leading < MIN_EXP) return undefined;
  return decimalOf(d);
}
