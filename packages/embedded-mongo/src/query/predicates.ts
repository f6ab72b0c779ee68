import { BSONRegExp, MaxKey, MinKey, ObjectId } from 'bson';
import { compareValues, typeRank } from '../bson/compare.js';

type Doc = Record<string, unknown>;

/** What a filter says about one field, in the forms an index can answer. */
export type FieldPredicate = {
  points?: unknown[];
  low?: unknown;
  lowInc?: boolean;
  high?: unknown;
  highInc?: boolean;
  /** True when the predicate is fully captured by points/range (no other operator on the field). */
  exact: boolean;
};

const isPlainObject = (v: unknown): v is Doc =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A value an index point lookup can answer exactly: scalars and BSON scalars, not arrays/regex/objects/null. */
function indexableScalar(v: unknown): boolean {
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp || v instanceof BSONRegExp)
    return false;
  // MinKey/MaxKey ranges reach every type (see match-values.ts): no bracketed bounds for them.
  if (v instanceof MinKey || v instanceof MaxKey) return false;
  if (typeof v === 'object') return v instanceof ObjectId || v instanceof Date || !isPlainObject(v);
  return true;
}

function fieldPredicate(cond: unknown): FieldPredicate | undefined {
  if (!isPlainObject(cond) || !Object.keys(cond).some((k) => k.startsWith('$'))) {
    return indexableScalar(cond) ? { points: [cond], exact: true } : undefined;
  }
  const p: FieldPredicate = { exact: true };
  let useful = false;
  for (const [op, v] of Object.entries(cond)) {
    if (op === '$eq' && indexableScalar(v)) {
      p.points = [v];
      useful = true;
    } else if (op === '$in' && Array.isArray(v) && v.length > 0 && v.every(indexableScalar)) {
      p.points = v;
      useful = true;
    } else if ((op === '$gt' || op === '$gte') && indexableScalar(v)) {
      p.low = v;
      p.lowInc = op === '$gte';
      useful = true;
    } else if ((op === '$lt' || op === '$lte') && indexableScalar(v)) {
      p.high = v;
      p.highInc = op === '$lte';
      useful = true;
    } else p.exact = false;
  }
  if (p.points && (p.low !== undefined || p.high !== undefined)) {
    delete p.low;
    delete p.high;
    p.exact = false;
  }
  return useful ? p : undefined;
}

/**
 * Index-usable predicates of a filter's top level (and of a top-level `$and`). `allExact` says every
 * clause of the filter is represented, so an exact index match needs no re-check.
 */
export function extractPredicates(filter: Doc): { preds: Map<string, FieldPredicate>; allExact: boolean } {
  const preds = new Map<string, FieldPredicate>();
  let allExact = true;
  const visit = (f: Doc) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k === '$or' && Array.isArray(v)) {
        allExact = false;
        implied.push(impliedByOr(v));
        continue;
      }
      if (k.startsWith('$') || preds.has(k)) {
        allExact = false;
        continue;
      }
      const p = fieldPredicate(v);
      if (!p) allExact = false;
      else {
        if (!p.exact) allExact = false;
        preds.set(k, p);
      }
    }
  };
  const implied: Map<string, FieldPredicate>[] = [];
  visit(filter);
  // Bounds implied by an $or only help where the filter itself says nothing about the field.
  for (const m of implied) for (const [f, p] of m) if (!preds.has(f)) preds.set(f, p);
  return { preds, allExact };
}

/** A predicate as an interval: points become [min, max]. */
function asInterval(p: FieldPredicate): FieldPredicate {
  if (!p.points) return p;
  const sorted = [...p.points].sort(compareValues);
  return { low: sorted[0], lowInc: true, high: sorted[sorted.length - 1], highInc: true, exact: false };
}

function looser(a: unknown, aInc: boolean | undefined, b: unknown, bInc: boolean | undefined, dir: 1 | -1) {
  const c = compareValues(a, b) * dir;
  if (c === 0) return { v: a, inc: aInc === true || bInc === true };
  return c < 0 ? { v: a, inc: aInc } : { v: b, inc: bInc };
}

/**
 * Bounds every branch of an `$or` agrees on: the keyset-pagination filter
 * `{ $or: [{ t: { $lt: X } }, { t: X, _id: { $lt: Y } }] }` implies `t <= X`, which lets an index on
 * `t` start at X instead of scanning everything newer. The result is a superset; the filter is
 * always re-checked.
 */
function impliedByOr(branches: unknown[]): Map<string, FieldPredicate> {
  const out = new Map<string, FieldPredicate>();
  const maps = branches.map((b) =>
    isPlainObject(b) ? extractPredicates(b).preds : new Map<string, FieldPredicate>(),
  );
  const first = maps[0];
  if (!first) return out;
  for (const field of first.keys()) {
    const parts = maps.map((m) => m.get(field));
    if (parts.some((p) => p === undefined)) continue;
    const intervals = (parts as FieldPredicate[]).map(asInterval);
    let acc: FieldPredicate = { ...(intervals[0] ?? { exact: false }), exact: false };
    for (const next of intervals.slice(1)) {
      const low =
        acc.low === undefined || next.low === undefined
          ? undefined
          : looser(acc.low, acc.lowInc, next.low, next.lowInc, 1);
      const high =
        acc.high === undefined || next.high === undefined
          ? undefined
          : looser(acc.high, acc.highInc, next.high, next.highInc, -1);
      acc = { low: low?.v, lowInc: low?.inc, high: high?.v, highInc: high?.inc, exact: false };
    }
    const ranks = [acc.low, acc.high].filter((x) => x !== undefined).map(typeRank);
    if (ranks.length > 0 && ranks.every((r) => r === ranks[0])) out.set(field, acc);
  }
  return out;
}
