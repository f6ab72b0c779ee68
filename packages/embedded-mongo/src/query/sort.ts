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

type Keyed = { d: Doc; k: unknown[] };

/** Each document with its sort keys, and the comparison of two keyed documents. */
function sortPlan(sort: [string, number][]): {
  keyed: (d: Doc) => Keyed;
  compare: (a: Keyed, b: Keyed) => number;
} {
  const paths = sort.map(([f, d]) => [f.split('.'), d] as const);
  return {
    keyed: (d) => ({ d, k: paths.map(([p, dir]) => sortKey(d, p, dir)) }),
    compare: (a, b) => {
      for (let i = 0; i < paths.length; i++) {
        const c = compareValues(a.k[i], b.k[i]);
        if (c !== 0) return c * (paths[i]?.[1] ?? 1);
      }
      return 0;
    },
  };
}

export function sortDocs(docs: Doc[], sort: [string, number][]): Doc[] {
  const { keyed, compare } = sortPlan(sort);
  return docs
    .map(keyed)
    .sort(compare)
    .map((x) => x.d);
}

/** sortDocs for many documents: same order, with pauses for other connections (Yielder). */
export async function sortDocsYielding(docs: Doc[], sort: [string, number][]): Promise<Doc[]> {
  const { keyed, compare } = sortPlan(sort);
  const yielder = new Yielder();
  const withKeys: Keyed[] = [];
  for (const d of docs) {
    withKeys.push(keyed(d));
    if (yielder.tick()) await yielder.pause();
  }
  return (await sortYielding(withKeys, compare)).map((x) => x.d);
}
