import { ObjectId } from 'bson';
import type { IndexStore } from '../indexes/index-store.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from './types.js';

/**
 * A value whose index key equals exactly the values a query's equality matches on a field holding
 * no array: a string, an ObjectId, a date, a boolean or a finite number (numbers of any BSON type
 * share one key, as they compare equal). Anything else (null, which also matches a missing field;
 * regexes, documents, arrays; NaN) is left to the planner.
 */
function isPointValue(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object':
      return v instanceof ObjectId || v instanceof Date;
    default:
      return false;
  }
}

/** Whether `index` is unique over every document, its fields exactly the filter's fields. */
function namesFilter(index: IndexStore, filter: Doc, count: number): boolean {
  const { spec } = index;
  if (!index.unique || index.multikey || spec.sparse || spec.partialFilterExpression) return false;
  if (index.fields.length !== count) return false;
  for (const field of index.fields) if (!Object.hasOwn(filter, field)) return false;
  return true;
}

/**
 * The record a single-document update's filter names by a unique index, looked up with one key
 * instead of planning and scanning: the filter is nothing but each field of a unique index (not
 * sparse, not partial, holding no array) equal to a plain value (isPointValue), which matches at
 * most the one document holding that key, whichever plan runs. A submit's counter upserts are
 * such filters (`{formId, day}` and the like); planning each one (every index of the collection
 * weighed, bounds encoded, a scan set up) cost more than its in-place edit.
 *
 * `{found: rid}` (undefined when no document holds the key) when the lookup applies; undefined
 * when the filter must be planned (any operator, dotted path, other value or other field).
 */
export function pointLookup(coll: Collection, filter: Doc): { found: number | undefined } | undefined {
  let count = 0;
  for (const key in filter) {
    if (key.startsWith('$') || key.includes('.') || !isPointValue(filter[key])) return undefined;
    count++;
  }
  if (count === 0) return undefined;
  for (const index of coll.indexes.values()) {
    if (!namesFilter(index, filter, count)) continue;
    const found = index.tree.get(index.encode(index.fields.map((field) => filter[field])));
    if (found !== undefined) coll.stats.keysExamined++;
    return { found };
  }
  return undefined;
}
