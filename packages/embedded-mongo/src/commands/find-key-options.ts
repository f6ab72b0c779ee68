import { Long } from 'bson';
import { MongoCommandError, typeMismatch } from '../errors.js';
import type { IndexStore } from '../indexes/index-store.js';
import { valuesAtPath } from '../indexes/key-extract.js';
import { EMPTY_ARRAY_KEY } from '../bson/compare.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from './types.js';

/**
 * The find options that read the index rather than the documents
 * (https://www.mongodb.com/docs/manual/reference/command/find/): `returnKey` (each result is the
 * key of the index the query used, `{}` for a collection scan), `showRecordId` (each result gains
 * `$recordId`, the engine's record id as an int64) and `min`/`max` (index key bounds: `min`
 * inclusive, `max` exclusive, in the hinted index's order), refused as mongod refuses them
 * (query_request_helper.cpp and query_planner.cpp: 51173, 51174, 51175, 51176).
 */
export type KeyOptions = { returnKey: boolean; showRecordId: boolean; min?: Doc; max?: Doc };

const flag = (body: Doc, name: string): boolean => {
  const v = body[name];
  if (v === undefined) return false;
  if (typeof v !== 'boolean')
    throw typeMismatch(
      `BSON field 'FindCommandRequest.${name}' is the wrong type '${typeof v}', expected type 'bool'`,
    );
  return v;
};

const bound = (body: Doc, name: string): Doc | undefined => {
  const v = body[name];
  if (v === undefined) return undefined;
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw typeMismatch(`BSON field 'FindCommandRequest.${name}' is the wrong type, expected type 'object'`);
  return Object.keys(v).length > 0 ? (v as Doc) : undefined;
};

/** The options of nearly every find: none of the four given (shared, not built per command). */
const NONE: KeyOptions = Object.freeze({ returnKey: false, showRecordId: false });

export function parseKeyOptions(body: Doc): KeyOptions {
  const { returnKey, showRecordId, min, max } = body;
  if (returnKey === undefined && showRecordId === undefined && min === undefined && max === undefined)
    return NONE;
  const options: KeyOptions = {
    returnKey: flag(body, 'returnKey'),
    showRecordId: flag(body, 'showRecordId'),
  };
  const lower = bound(body, 'min');
  const upper = bound(body, 'max');
  if (lower && upper && Object.keys(lower).join('\0') !== Object.keys(upper).join('\0'))
    throw new MongoCommandError(51176, 'Location51176', 'min() and max() must have the same field names');
  if (lower) options.min = lower;
  if (upper) options.max = upper;
  return options;
}

export const hasBounds = (o: KeyOptions): boolean => o.min !== undefined || o.max !== undefined;

/**
 * The record ids between `min` and `max` in the order of the hinted index (each once, where it
 * first appears: a multikey document has several keys). `natural` is a `{$natural: …}` hint.
 */
export function boundedRids(
  coll: Collection,
  o: KeyOptions,
  hint: string | undefined,
  natural: boolean,
): number[] {
  if (natural)
    throw new MongoCommandError(
      291,
      'NoQueryExecutionPlans',
      `error processing query: ns=${coll.ns} planner returned error :: caused by :: hint provided does not work with min query`,
    );
  const index = hint === undefined ? undefined : coll.indexes.get(hint);
  if (!index)
    throw new MongoCommandError(
      51173,
      'Location51173',
      'When using min()/max() a hint of which index to use must be provided',
    );
  const pattern = Object.keys((o.min ?? o.max) as Doc).join('\0');
  if (index.fields.join('\0') !== pattern)
    throw new MongoCommandError(51174, 'Location51174', 'The index chosen is not compatible with min/max');
  const low = o.min && index.encode(Object.values(o.min));
  const high = o.max && index.encode(Object.values(o.max));
  if (low !== undefined && high !== undefined && low >= high)
    throw new MongoCommandError(
      51175,
      'Location51175',
      'The value provided for min() does not come before the value provided for max() in the hinted index',
    );
  const seen = new Set<number>();
  const out: number[] = [];
  for (const [key, rid] of index.tree.entries(low)) {
    if (high !== undefined && key >= high) break;
    if (seen.has(rid)) continue;
    seen.add(rid);
    out.push(rid);
  }
  return out;
}

/** A result as `returnKey` shows it: the fields of the index's key pattern with the document's values. */
export function indexKeyOf(index: IndexStore | null, doc: Doc): Doc {
  const out: Doc = {};
  if (!index) return out;
  index.fields.forEach((field, i) => {
    const values = valuesAtPath(doc, index.paths[i] ?? [field]);
    const first = values[0];
    out[field] = first === EMPTY_ARRAY_KEY ? undefined : first;
  });
  return out;
}

/** A result with `$recordId` appended, as `showRecordId` shows it. */
export const withRecordId = (doc: Doc, rid: number): Doc => ({ ...doc, $recordId: Long.fromNumber(rid) });
