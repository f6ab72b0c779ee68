import { ObjectId } from 'bson';

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
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp) return false;
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
  visit(filter);
  return { preds, allExact };
}
