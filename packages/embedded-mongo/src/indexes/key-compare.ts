import { compareValues, typeRank } from '../bson/compare.js';

/** Sorts below / above every key element regardless of field direction; used to build range bounds. */
export const ABS_MIN = Symbol('absMin');
export const ABS_MAX = Symbol('absMax');

/**
 * Start or end of one BSON type bracket: `{ $gt: 5 }` only matches numbers, so its range stops at the
 * end of the number bracket instead of running into strings.
 */
export class TypeBracket {
  constructor(
    readonly rank: number,
    readonly end: boolean,
  ) {}
}

/** One index key: the indexed values in index order followed by the record id (or only values for _id). */
export type IndexKey = unknown[];

function compareElement(a: unknown, b: unknown): number {
  if (a instanceof TypeBracket || b instanceof TypeBracket) {
    const ra = a instanceof TypeBracket ? a.rank : typeRank(a);
    const rb = b instanceof TypeBracket ? b.rank : typeRank(b);
    if (ra !== rb) return ra < rb ? -1 : 1;
    const ea = a instanceof TypeBracket ? (a.end ? 1 : -1) : 0;
    const eb = b instanceof TypeBracket ? (b.end ? 1 : -1) : 0;
    return ea === eb ? 0 : ea < eb ? -1 : 1;
  }
  return compareValues(a, b);
}

/** Builds the comparator of an index whose fields have the given directions (1 / -1). */
export function makeKeyComparator(directions: number[]): (a: IndexKey, b: IndexKey) => number {
  return (a, b) => {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = a[i];
      const y = b[i];
      if (x === y) continue;
      if (x === ABS_MIN || y === ABS_MAX) return -1;
      if (x === ABS_MAX || y === ABS_MIN) return 1;
      // Trailing record ids are plain numbers and always ascending.
      if (i >= directions.length) return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
      const c = compareElement(x, y);
      if (c !== 0) return (directions[i] ?? 1) < 0 ? -c : c;
    }
    return 0;
  };
}
