import { Decimal128, Double, Int32, Long } from 'bson';
import type { Options } from 'mingo/types';
import { $push } from 'mingo/operators/accumulator';
import { exactOf, isBsonNumber } from '../bson/exact-number.js';
import { CompensatedSum } from './compensated-sum.js';
import { doubleOf } from './exact-arithmetic.js';

type Obj = Record<string, unknown>;
type Accumulator = (collection: Obj[], expr: unknown, options: Options) => unknown;

/**
 * Accumulators mongod computes by folding the values into a running state one by one, in input
 * order: `$sum`, `$avg` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/sum/,
 * .../avg/), `$stdDevPop` and `$stdDevSamp`. Doubles are rounded at every step, so the answer
 * depends on the order of additions; a `$group` that runs batch by batch (yielding-group.ts,
 * yielding-pipeline.ts) therefore never adds batch totals together: each batch hands over its
 * values (Terms), and they are folded, in order, into the state carried from the batches before
 * (FoldState). The answer is then the one-go answer, bit for bit.
 */
interface Fold {
  add(value: unknown): void;
  result(): unknown;
}

/** `{[op]: new TermsOf(expr)}`: the accumulator answers the values of expr over its documents. */
export class TermsOf {
  constructor(readonly expr: unknown) {}
}
/** `{[op]: new FoldOf(expr)}`: the accumulator answers its running state, to be carried on. */
export class FoldOf {
  constructor(readonly expr: unknown) {}
}
/** The values of one batch, in input order (never leaves the engine). */
class Terms {
  constructor(readonly values: unknown[]) {}
}
/** A fold's state after the batches so far (never leaves the engine). */
class FoldState {
  constructor(readonly fold: Fold) {}
}

const int64Range = (n: bigint) => n >= -(2n ** 63n) && n < 2n ** 63n;
const decimalOf = (coef: bigint, exp: number) =>
  Decimal128.fromStringWithRounding(`${coef.toString()}E${String(exp)}`);

/**
 * mongod's sum: decimals added exactly (the engine keeps them exact until the end), every other
 * number into one compensated double sum (CompensatedSum), and integers also exactly, for an
 * integer answer. Its type: decimal if any decimal, else double if any double, else int64 (int32
 * when every input is int32 and the sum fits; a double beyond int64). Non-numbers are ignored.
 */
class SumFold implements Fold {
  count = 0;
  private readonly doubles = new CompensatedSum();
  private integers = 0n;
  private long = false;
  private double = false;
  private decimal: { coef: bigint; exp: number } | undefined;
  /** NaN or an infinity among the decimals (as a JS number), answered as such. */
  private decimalSpecial = 0;

  add(v: unknown): void {
    if (!isBsonNumber(v)) return;
    this.count++;
    if (v instanceof Decimal128) return this.addDecimal(v);
    if (typeof v === 'number' || v instanceof Double || v instanceof Int32) {
      const n = typeof v === 'number' ? v : v.value;
      this.doubles.addDouble(n);
      if (v instanceof Double || !Number.isInteger(n)) this.double = true;
      else {
        this.integers += BigInt(n);
        if (Math.abs(n) >= 2 ** 31) this.long = true;
      }
      return;
    }
    const big = typeof v === 'bigint' ? v : (v as Long).toBigInt();
    this.doubles.addLong(big);
    this.integers += big;
    this.long = true;
  }

  private addDecimal(v: Decimal128): void {
    const x = exactOf(v);
    if (x.kind !== 'fin') {
      this.decimalSpecial += Number(v.toString());
      return;
    }
    const d = this.decimal ?? { coef: 0n, exp: x.exp };
    const exp = Math.min(d.exp, x.exp);
    d.coef = d.coef * 10n ** BigInt(d.exp - exp) + x.coef * 10n ** BigInt(x.exp - exp);
    d.exp = exp;
    this.decimal = d;
  }

  /** The exact decimal total: the decimals plus the compensated sum of the other numbers. */
  private decimalTotal(): { coef: bigint; exp: number } | number {
    const special = this.decimalSpecial + (Number.isFinite(this.doubles.double) ? 0 : this.doubles.double);
    if (!Number.isFinite(special) || Number.isNaN(special)) return special;
    let t = this.decimal ?? { coef: 0n, exp: 0 };
    for (const part of this.doubles.parts()) {
      const x = exactOf(part);
      if (x.kind !== 'fin') continue;
      const exp = Math.min(t.exp, x.exp);
      t = { coef: t.coef * 10n ** BigInt(t.exp - exp) + x.coef * 10n ** BigInt(x.exp - exp), exp };
    }
    return t;
  }

  result(): unknown {
    if (this.decimal !== undefined || this.decimalSpecial !== 0) {
      const t = this.decimalTotal();
      return typeof t === 'number' ? Decimal128.fromString(String(t)) : decimalOf(t.coef, t.exp);
    }
    if (this.double) return this.doubles.double;
    const sum = this.integers;
    if (!this.long && sum >= -(2n ** 31n) && sum < 2n ** 31n) return Number(sum);
    return int64Range(sum) ? Long.fromBigInt(sum) : this.doubles.double;
  }

  /** mongod's mean: a double (also when whole), or a decimal when a decimal was averaged. */
  mean(): unknown {
    if (this.count === 0) return null;
    if (this.decimal === undefined && this.decimalSpecial === 0)
      return doubleOf(this.doubles.double / this.count);
    const t = this.decimalTotal();
    if (typeof t === 'number') return Decimal128.fromString(String(t / this.count));
    const scale = 40;
    let coef = (t.coef * 10n ** BigInt(scale)) / BigInt(this.count);
    let exp = t.exp - scale;
    // IEEE 754 decimal division keeps the sum's exponent when the quotient is exact at it.
    while (exp < t.exp && coef % 10n === 0n) {
      coef /= 10n;
      exp += 1;
    }
    return decimalOf(coef, exp);
  }
}

const asDouble = (v: unknown): number =>
  typeof v === 'number'
    ? v
    : v instanceof Int32 || v instanceof Double
      ? v.value
      : v instanceof Long
        ? Number(v.toBigInt())
        : typeof v === 'bigint'
          ? Number(v)
          : Number((v as Decimal128).toString());

/**
 * mongod's standard deviation: Welford's online algorithm over each number read as a double
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/stdDevPop/); null when no
 * number was seen (`$stdDevSamp`: fewer than two).
 */
class StdDevFold implements Fold {
  private count = 0;
  private mean = 0;
  private m2 = 0;

  constructor(private readonly sample: boolean) {}

  add(v: unknown): void {
    if (!isBsonNumber(v)) return;
    const x = asDouble(v);
    this.count++;
    const delta = x - this.mean;
    if (delta !== 0) {
      this.mean += delta / this.count;
      this.m2 += delta * (x - this.mean);
    }
  }

  result(): unknown {
    const n = this.sample ? this.count - 1 : this.count;
    return n <= 0 ? null : Math.sqrt(this.m2 / n);
  }
}

class AvgFold extends SumFold {
  override result(): unknown {
    return this.mean();
  }
}

const FOLDS: Record<string, () => Fold> = {
  $sum: () => new SumFold(),
  $avg: () => new AvgFold(),
  $stdDevPop: () => new StdDevFold(false),
  $stdDevSamp: () => new StdDevFold(true),
};

/** Whether `op` folds its values, so that a batched `$group` can carry it across batches. */
export const isFolding = (op: string): boolean => Object.hasOwn(FOLDS, op);

/** A constant accumulates as itself once per document (`{$sum: 1}` counts). */
const valuesOf = (collection: Obj[], expr: unknown, options: Options): unknown[] =>
  typeof expr === 'number' ? collection.map(() => expr) : $push(collection, expr, options);

/** All-int32 numbers summing below 2^53 (the common case): their exact sum, without a fold. */
function plainIntegerSum(values: unknown[]): number | Long | undefined {
  let sum = 0;
  for (const v of values) {
    if (typeof v !== 'number') {
      if (typeof v === 'object' || typeof v === 'bigint') return undefined;
      continue;
    }
    if (!Number.isInteger(v) || Math.abs(v) >= 2 ** 31) return undefined;
    sum += v;
  }
  if (!Number.isSafeInteger(sum)) return undefined;
  return Math.abs(sum) < 2 ** 31 ? sum : Long.fromNumber(sum);
}

function folding(op: string, make: () => Fold): Accumulator {
  return (collection, expr, options) => {
    if (expr instanceof TermsOf) return new Terms(valuesOf(collection, expr.expr, options));
    const carry = expr instanceof FoldOf;
    const values = valuesOf(collection, carry ? expr.expr : expr, options);
    if (!carry && op === '$sum') {
      const fast = plainIntegerSum(values);
      if (fast !== undefined) return fast;
    }
    const head = values[0];
    const fold = head instanceof FoldState ? head.fold : make();
    for (let i = head instanceof FoldState ? 1 : 0; i < values.length; i++) {
      const v = values[i];
      if (v instanceof Terms) for (const term of v.values) fold.add(term);
      else fold.add(v);
    }
    return carry ? new FoldState(fold) : fold.result();
  };
}

export const foldingAccumulators: Record<string, Accumulator> = Object.fromEntries(
  Object.entries(FOLDS).map(([op, make]) => [op, folding(op, make)]),
);
