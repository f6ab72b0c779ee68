import { compareValues } from '../bson/compare.js';
import { badValue } from '../errors.js';
import { valuesAtPath } from '../indexes/key-extract.js';
import { Yielder } from '../server/yielding.js';
import { sortYielding } from './yielding-sort.js';

type Doc = Record<string, unknown>;

/** Validates a sort document into [field, 1|-1] pairs. */
export function parseSort(sort: unknown): [string, number][] {
  if (sort === undefined || sort === null) return [];
  if (typeof sort !== 'object' || Array.isArray(sort)) throw badValue('sort must be an object');
  return Object.entries(sort as Doc).map(([k, v]) => {
    const n = Number(v);
    if (n !== 1 && n !== -1)
      throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    return [k, n];
  });
}

/** Sort key of an array field: its smallest element ascending, largest descending (as mongod does). */
function sortKey(doc: Doc, path: string[], dir: number): unknown {
  const vals = valuesAtPath(doc, path);
  if (vals.length === 1) return vals[0];
  let best = vals[0];
  for (const v of vals) if (compareValues(v, best) * dir < 0) best = v;
  return best;
}

/** The sort keys of a document, and the order of two documents' keys. */
export function sortPlan(sort: [string, number][]): {
  keysOf: (d: Doc) => unknown[];
  compareKeys: (a: unknown[], b: unknown[]) => number;
} {
  const paths = sort.map(([f, d]) => [f.split('.'), d] as const);
  return {
    keysOf: (d) => paths.map(([p, dir]) => sortKey(d, p, dir)),
    compareKeys: (a, b) => {
      for (let i = 0; i < paths.length; i++) {
        const c = compareValues(a[i], b[i]);
        if (c !== 0) return c * (paths[i]?.[1] ?? 1);
      }
      return 0;
    },
  };
}

export function sortDocs(docs: Doc[], sort: [string, number][]): Doc[] {
  const { keysOf, compareKeys } = sortPlan(sort);
  return docs
    .map((d) => ({ d, k: keysOf(d) }))
    .sort((a, b) => compareKeys(a.k, b.k))
    .map((x) => x.d);
}

/**
 * sortDocs for many items (documents, or matches carrying one): the same order, with pauses for
 * other connections (Yielder) while keys are computed and items ordered.
 */
export async function sortYieldingBy<T>(
  items: T[],
  docOf: (item: T) => Doc,
  sort: [string, number][],
): Promise<T[]> {
  const { keysOf, compareKeys } = sortPlan(sort);
  const yielder = new Yielder();
  const withKeys: { item: T; k: unknown[] }[] = [];
  for (const item of items) {
    withKeys.push({ item, k: keysOf(docOf(item)) });
    if (yielder.tick()) await yielder.pause();
  }
  const sorted = await sortYielding(withKeys, (a, b) => compareKeys(a.k, b.k));
  return sorted.map((x) => x.item);
}
