import type { Iterator } from 'mingo/lazy';
import { $lookup as mingoLookup } from 'mingo/operators/pipeline';
import type { Options } from 'mingo/types';
import { setValue } from 'mingo/util';
import { failedToParse, locationError } from '../errors.js';
import { bsonTypeName } from './expression-fixes.js';
import { mongodText } from './mongod-text.js';

type Doc = Record<string, unknown>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** `$`-prefixed names mongod accepts in a field path (DBRef fields and its own metadata). */
const DOLLAR_NAMES = new Set([
  '$id',
  '$ref',
  '$db',
  '$sortKey',
  '$recordId',
  '$searchSortValues',
  '$searchScore',
]);

/**
 * Checks `$lookup`'s `as` as mongod parses it, before any document is read
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/): a non-empty string
 * (FailedToParse), then a field path: no trailing dot (40353), no empty name (15998), no name
 * starting with `$` (16410). A dotted `as` names a nested field.
 */
export function checkLookupAs(as: unknown): asserts as is string {
  if (as !== undefined && typeof as !== 'string')
    throw failedToParse(
      `$lookup argument 'as' must be a string, found as: ${mongodText(as, true)}: ${bsonTypeName(as)}`,
    );
  if (!as) throw failedToParse("must specify 'as' field for a $lookup");
  if (as.endsWith('.')) throw locationError(40353, "FieldPath must not end with a '.'.");
  for (const name of as.split('.')) {
    if (name === '') throw locationError(15998, 'FieldPath field names may not be empty strings.');
    if (name.startsWith('$') && !DOLLAR_NAMES.has(name))
      throw locationError(
        16410,
        "FieldPath field names may not start with '$'. Consider using $getField or $setField.",
      );
  }
}

/**
 * The document with `joined` written at the dotted path `as`, as mongod writes it: an existing
 * field keeps its place, and every value on the way that is not a document (a number, an array)
 * is replaced by a new document. The parents are copied first: mingo's `setValue` (what
 * `$addFields` writes with) leaves a non-document parent as it is, and would write into the
 * input's sub-documents, which a `$facet` hands to each of its pipelines.
 */
export function withJoined(doc: Doc, as: string, joined: unknown): Doc {
  if (!as.includes('.')) return { ...doc, [as]: joined };
  const out = { ...doc };
  let parent = out;
  for (const name of as.split('.').slice(0, -1)) {
    const next = parent[name];
    const copy: Doc = isPlain(next) ? { ...next } : {};
    parent[name] = copy;
    parent = copy;
  }
  setValue(out, as, joined);
  return out;
}

type Stage = (coll: Iterator, expr: unknown, options: Options) => Iterator;

/**
 * mingo's `$lookup` (the forms the engine does not answer itself: `pipeline`, `let`), its result
 * moved to the dotted `as` path: mingo writes `as` as one literal key.
 */
export function mingoLookupAs(coll: Iterator, spec: Doc, as: string, options: Options): Iterator {
  const lookup = mingoLookup as unknown as Stage;
  if (!as.includes('.')) return lookup(coll, spec, options);
  const key = '\0as'; // a NUL cannot occur in a BSON field name, so no document holds this one
  return lookup(coll, { ...spec, as: key }, options).map((doc: Doc) => {
    const { [key]: joined, ...rest } = doc;
    return withJoined(rest, as, joined);
  });
}
