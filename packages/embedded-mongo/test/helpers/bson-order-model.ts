import { Decimal128, Double, Int32, Long } from 'mongodb';

/**
 * A reference model of MongoDB's comparison and sort order, written from the manual
 * (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/ and
 * https://www.mongodb.com/docs/manual/reference/method/cursor.sort/) for the value kinds the
 * property tests generate, independently of the engine's code: numbers as exact fractions compared
 * by cross-multiplication, documents field by field, arrays element by element.
 */
export type Value = unknown; // undefined = missing

const MISSING_OR_NULL = 1;

function typeOrder(v: Value): number {
  if (v === undefined || v === null) return MISSING_OR_NULL;
  if (v instanceof Int32 || v instanceof Long || v instanceof Double || v instanceof Decimal128) return 2;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (typeof v === 'boolean') return 8;
  return 4; // embedded document
}

/** A number as numerator / denominator (bigints, denominator > 0). */
function fraction(v: Value): [bigint, bigint] {
  if (v instanceof Int32) return [BigInt(v.value), 1n];
  if (v instanceof Long) return [v.toBigInt(), 1n];
  if (v instanceof Decimal128) {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:E([+-]?\d+))?$/.exec(v.toString());
    if (!m) throw new Error(`model: unsupported decimal ${v.toString()}`);
    const frac = m[3] ?? '';
    const num = BigInt(`${m[2] ?? '0'}${frac}`) * (m[1] ? -1n : 1n);
    const exp = Number(m[4] ?? '0') - frac.length;
    return exp >= 0 ? [num * 10n ** BigInt(exp), 1n] : [num, 10n ** BigInt(-exp)];
  }
  const x = v instanceof Double ? v.value : (v as number);
  // Doubles are binary fractions: scale by 2 until integral (multiplying by 2 is exact).
  let k = 0;
  let scaled = x;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    k++;
  }
  return [BigInt(scaled), 2n ** BigInt(k)];
}

function compareNumbers(a: Value, b: Value): number {
  const [an, ad] = fraction(a);
  const [bn, bd] = fraction(b);
  const l = an * bd;
  const r = bn * ad;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Total order of two values (missing counts as null). */
export function compare(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case MISSING_OR_NULL:
      return 0;
    case 2:
      return compareNumbers(a, b);
    case 3:
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 5: {
      const x = a as Value[];
      const y = b as Value[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compare(x[i], y[i]);
        if (c !== 0) return c;
      }
      return Math.sign(x.length - y.length);
    }
    default: {
      const x = Object.entries(a as Record<string, Value>);
      const y = Object.entries(b as Record<string, Value>);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [kx, vx] = x[i] ?? ['', null];
        const [ky, vy] = y[i] ?? ['', null];
        const t = typeOrder(vx) - typeOrder(vy);
        if (t !== 0) return Math.sign(t);
        if (kx !== ky) return kx < ky ? -1 : 1;
        const c = compare(vx, vy);
        if (c !== 0) return c;
      }
      return Math.sign(x.length - y.length);
    }
  }
}

/** The sort key of a field: arrays sort by their smallest (ascending) or largest (descending) element. */
function sortKey(v: Value, dir: 1 | -1): { empty: boolean; key: Value } {
  if (!Array.isArray(v)) return { empty: false, key: v };
  const items = v as Value[];
  if (items.length === 0) return { empty: true, key: undefined };
  let best = items[0];
  for (const el of items) if (compare(el, best) * dir < 0) best = el;
  return { empty: false, key: best };
}

/** Ascending/descending order of sort keys; an empty array sorts before null and missing. */
export function compareForSort(a: Value, b: Value, dir: 1 | -1): number {
  const x = sortKey(a, dir);
  const y = sortKey(b, dir);
  if (x.empty || y.empty) return (x.empty === y.empty ? 0 : x.empty ? -1 : 1) * dir;
  return compare(x.key, y.key) * dir;
}

/** `{ field: q }`: the value itself or one of its array elements equals q; null also matches missing. */
export function equalityMatches(v: Value, q: Value): boolean {
  const sameType = (x: Value) => typeOrder(x) === typeOrder(q) && compare(x, q) === 0;
  if (q === null) return v === undefined || v === null || (Array.isArray(v) && v.some((e) => e === null));
  if (sameType(v)) return true;
  return Array.isArray(v) && v.some(sameType);
}

/** `{ field: { $gt: q } }` for a scalar q: some candidate of q's type bracket is greater. */
export function greaterMatches(v: Value, q: Value): boolean {
  const candidates: Value[] = Array.isArray(v) ? [v, ...(v as Value[])] : [v];
  return candidates.some((c) => c !== undefined && typeOrder(c) === typeOrder(q) && compare(c, q) > 0);
}

/**
 * `{ field: { $lte: q } }` / `$lt`: some candidate of q's type bracket is smaller (or equal); with
 * a null bound, `$lte` selects what equality with null selects and `$lt` nothing.
 */
export function lessMatches(v: Value, q: Value, orEqual: boolean): boolean {
  if (q === null) return orEqual && equalityMatches(v, null);
  const candidates: Value[] = Array.isArray(v) ? [v, ...(v as Value[])] : [v];
  return candidates.some((c) => {
    if (c === undefined || typeOrder(c) !== typeOrder(q)) return false;
    const cmp = compare(c, q);
    return cmp < 0 || (orEqual && cmp === 0);
  });
}

/** `$in`: equality with one of the listed values (`$nin` is its negation, `$all` needs every one). */
export const inMatches = (v: Value, list: Value[]): boolean => list.some((q) => equalityMatches(v, q));

/** The numeric kinds of MongoDB arithmetic, narrowest first. */
export const NUMERIC_KINDS = ['int', 'long', 'double', 'decimal'] as const;
export type NumericKind = (typeof NUMERIC_KINDS)[number];

export function numericKind(v: Value): NumericKind {
  if (v instanceof Int32) return 'int';
  if (v instanceof Long) return 'long';
  if (v instanceof Decimal128) return 'decimal';
  return 'double';
}

/** The exact value of a number as a fraction (for comparing engine results with the model). */
export const exactFraction = fraction;
