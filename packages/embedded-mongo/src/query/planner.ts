import { typeRank } from '../bson/compare.js';
import { AFTER, encodeField, invert, tagOf } from '../indexes/key-encoding.js';
import type { IndexStore } from '../indexes/index-store.js';
import type { Collection } from '../storage/collection.js';
import { extractPredicates, type FieldPredicate } from './predicates.js';
import { indexCovers } from './index-eligibility.js';

type Doc = Record<string, unknown>;

/** A contiguous run of index keys, in the tree's (string) order. */
export type KeyRange = { low: string; high: string; highInclusive: boolean };

/** How to read a collection for a query: a set of index ranges or a full scan. */
export type Plan = {
  index: IndexStore | null;
  ranges: KeyRange[];
  reverse: boolean;
  /** The scan returns documents already in the requested sort order. */
  sorted: boolean;
  /** Every returned document matches the filter; no re-check needed. */
  exact: boolean;
  /** `$or` answered as the union of one indexed plan per branch (deduplicated). */
  union?: Plan[];
};

// Each point range is one tree descent; past this many (a huge $in) a scan is no worse.
const MAX_RANGES = 50_000;

type Candidate = { plan: Plan; score: number };

function sortMatch(
  index: IndexStore,
  eqFields: Set<string>,
  from: number,
  sort: [string, number][],
): 0 | 1 | -1 {
  const rest = sort.filter(([f]) => !eqFields.has(f));
  if (rest.length === 0) return 1;
  let dir: number | undefined;
  for (let i = 0; i < rest.length; i++) {
    const entry = rest[i];
    const field = index.fields[from + i];
    if (!entry || field !== entry[0]) return 0;
    const same = (index.directions[from + i] ?? 1) === entry[1] ? 1 : -1;
    if (dir === undefined) dir = same;
    else if (dir !== same) return 0;
  }
  return dir === -1 ? -1 : 1;
}

/**
 * Bounds of one range predicate in tree order. A missing side stops at its type bracket
 * (`{ $gt: 5 }` only reaches numbers), as MongoDB's index bounds do.
 */
function fieldBounds(
  r: FieldPredicate,
  dir: number,
): { low: string; lowInc: boolean; high: string; highInc: boolean } {
  const lo = r.low !== undefined ? encodeField(r.low, 1) : tagOf(typeRank(r.high));
  const hi = r.high !== undefined ? encodeField(r.high, 1) : tagOf(typeRank(r.low));
  const loInc = r.low === undefined || r.lowInc === true;
  const hiInc = r.high === undefined || r.highInc === true;
  return dir > 0
    ? { low: lo, lowInc: loInc, high: hi, highInc: hiInc }
    : { low: invert(hi), lowInc: hiInc, high: invert(lo), highInc: loInc };
}

/** Index ranges for equality prefixes (one per combination of $in values) and an optional range field. */
export function buildRanges(
  index: IndexStore,
  prefix: unknown[][],
  range: FieldPredicate | undefined,
): KeyRange[] {
  return prefix.map((vals) => {
    const p = index.encode(vals);
    if (!range) return { low: p, high: p + AFTER, highInclusive: true };
    const b = fieldBounds(range, index.directions[vals.length] ?? 1);
    return {
      low: p + b.low + (b.lowInc ? '' : AFTER),
      high: p + b.high + (b.highInc ? AFTER : ''),
      highInclusive: b.highInc,
    };
  });
}

function planFor(
  index: IndexStore,
  preds: Map<string, FieldPredicate>,
  allExact: boolean,
  sort: [string, number][],
): Candidate {
  let prefix: unknown[][] = [[]];
  const eqFields = new Set<string>();
  let i = 0;
  for (; i < index.fields.length; i++) {
    const p = preds.get(index.fields[i] ?? '');
    if (!p?.points) break;
    if (p.points.length === 1) eqFields.add(index.fields[i] ?? '');
    const pts = p.points;
    prefix = prefix.flatMap((vals) => pts.map((v) => [...vals, v])).slice(0, MAX_RANGES + 1);
  }
  if (prefix.length > MAX_RANGES) return { plan: fullScan(), score: -1 };
  const rangePred = index.multikey ? undefined : preds.get(index.fields[i] ?? '');
  const range =
    rangePred && (rangePred.low !== undefined || rangePred.high !== undefined) ? rangePred : undefined;
  const ranges = buildRanges(index, prefix, range);
  const usedFields = i + (range ? 1 : 0);
  const sortDir = ranges.length === 1 && !index.multikey ? sortMatch(index, eqFields, i, sort) : 0;
  const covered = [...preds.keys()].every(
    (f) => index.fields.indexOf(f) >= 0 && index.fields.indexOf(f) < usedFields,
  );
  const rangeSane =
    !range ||
    range.low === undefined ||
    range.high === undefined ||
    typeRank(range.low) === typeRank(range.high);
  const exact = allExact && covered && rangeSane && !index.multikey;
  const score =
    i * 10 +
    (range ? 5 : 0) +
    (sortDir !== 0 && sort.length ? 3 : 0) +
    (index.unique && i === index.fields.length ? 2 : 0);
  return {
    plan: { index, ranges, reverse: sortDir === -1, sorted: sortDir !== 0, exact },
    score: usedFields === 0 && !(sortDir && sort.length) ? 0 : score,
  };
}

const fullScan = (): Plan => ({
  index: null,
  ranges: [],
  reverse: false,
  sorted: false,
  exact: false,
});

/** Chooses the index answering most of the filter's leading fields (then the sort), else a collection scan. */
export function planQuery(coll: Collection, filter: Doc, sort: [string, number][], hint?: string): Plan {
  const { preds, allExact } = extractPredicates(filter);
  let best: Candidate = { plan: fullScan(), score: 0 };
  for (const index of coll.indexes.values()) {
    if (hint !== undefined && index.name !== hint) continue;
    // A hinted index is used even when it lacks documents (sparse, partial): mongod then answers
    // from the index alone (https://www.mongodb.com/docs/manual/core/index-sparse/#behavior).
    if (hint === undefined && !indexCovers(index, filter, preds)) continue;
    const c = planFor(index, preds, allExact, sort);
    if (c.score > best.score || (hint !== undefined && c.score >= 0)) best = c;
  }
  if (Object.keys(filter).length === 0 && !best.plan.index) best.plan.exact = true;
  if (best.score < 10 && hint === undefined && Array.isArray(filter.$or) && filter.$or.length > 0) {
    // An $or whose every branch has an index: union of the branches beats a collection scan.
    const parts = (filter.$or as unknown[]).map((b) =>
      b && typeof b === 'object' ? planQuery(coll, b as Doc, []) : fullScan(),
    );
    if (parts.every((p) => p.index || p.union)) return { ...fullScan(), union: parts };
  }
  return best.plan;
}
