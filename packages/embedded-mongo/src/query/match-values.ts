import { MaxKey, MinKey, type BSONRegExp } from 'bson';
import { toJsRegExp } from './regex-translate.js';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { compareValues, typeRank } from '../bson/compare.js';
import { encodeValue } from '../indexes/key-encoding.js';
import { badValue } from '../errors.js';
import { dbRefField, isDbRef } from '../bson/dbref-field.js';
import {
  isOperatorDocument,
  isRegex,
  nestedUnderIn,
  regexUnderNe,
  regexUnderRange,
} from './query-refusals.js';

/**
 * Equality, membership and range query operators with MongoDB's semantics, replacing mingo's:
 * - values are equal as BSON values are: numbers across int/long/double/decimal by value, embedded
 *   documents field by field in order (`{a: 1, b: 2}` is not `{b: 2, a: 1}`), arrays element by
 *   element (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/);
 * - a field holding an array matches when the array itself or one of its elements matches
 *   (https://www.mongodb.com/docs/manual/tutorial/query-arrays/), so `{k: {$in: [[1]]}}` matches
 *   `{k: [1]}`;
 * - `null` matches null and missing fields, also inside `$in` and `$all`
 *   (https://www.mongodb.com/docs/manual/tutorial/query-for-null-fields/);
 * - ranges compare only values of the same type bracket (numbers with numbers, strings with
 *   strings, ...) (https://www.mongodb.com/docs/manual/reference/method/db.collection.find/#type-bracketing);
 * - `$all` is an `$and` of equalities (and `$elemMatch`es).
 */

type Doc = Record<string, unknown>;
type Predicate = (obj: unknown) => boolean;
type Operator = (selector: string, value: unknown, options: Options) => Predicate;

const isDocument = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && typeRank(v) === 4;

/** What a dotted path reaches in a document: its values, and whether some branch had none. */
type Reached = { values: unknown[]; missing: boolean };

function walk(v: unknown, parts: string[], i: number, out: Reached): void {
  if (i === parts.length) {
    if (v === undefined) out.missing = true;
    else out.values.push(v);
    return;
  }
  const part = parts[i] ?? '';
  if (Array.isArray(v)) {
    // A numeric component names an element; every embedded document is also searched for a field
    // of that name. Arrays directly inside the array are not entered.
    let reached = false;
    if (/^\d+$/.test(part) && Number(part) < v.length) {
      walk(v[Number(part)], parts, i + 1, out);
      reached = true;
    }
    for (const el of v) {
      if (!isDocument(el)) continue;
      walk(fieldOf(el, part), parts, i + 1, out);
      reached = true;
    }
    if (!reached) out.missing = true;
    return;
  }
  if (isDocument(v)) walk(fieldOf(v, part), parts, i + 1, out);
  else out.missing = true;
}

const fieldOf = (v: Doc, name: string): unknown => (isDbRef(v) ? dbRefField(v, name) : v[name]);

/** What `path` (a selector split on dots, once per compiled operator) reaches in `obj`. */
function reach(obj: unknown, path: string[]): Reached {
  const out: Reached = { values: [], missing: false };
  walk(obj, path, 0, out);
  return out;
}

/** The values an equality can match: each value reached and the elements of arrays reached. */
function candidates(r: Reached): unknown[] {
  const out: unknown[] = [];
  for (const v of r.values) {
    out.push(v);
    if (Array.isArray(v)) out.push(...(v as unknown[]));
  }
  return out;
}

const sameValue = (a: unknown, b: unknown) => typeRank(a) === typeRank(b) && compareValues(a, b) === 0;

function equals(r: Reached, value: unknown): boolean {
  if (value === null || value === undefined)
    return r.missing || candidates(r).some((c) => c === null || c === undefined);
  return candidates(r).some((c) => sameValue(c, value));
}

function regexMatches(r: Reached, re: RegExp | BSONRegExp): boolean {
  const js = re instanceof RegExp ? re : toJsRegExp(re.pattern, re.options);
  return candidates(r).some((c) => typeof c === 'string' && js.test(c));
}

const $eq: Operator = (selector, value) => {
  const path = selector.split('.');
  return (obj) => equals(reach(obj, path), value);
};
const $ne: Operator = (selector, value) => {
  if (isRegex(value)) throw regexUnderNe();
  const path = selector.split('.');
  return (obj) => !equals(reach(obj, path), value);
};

function membership(selector: string, list: unknown, op: '$in' | '$nin'): Predicate {
  if (!Array.isArray(list)) throw badValue(`${op} needs an array`);
  if (list.some(isOperatorDocument)) throw nestedUnderIn();
  const regexes = list.filter(isRegex);
  const hasNull = list.some((v) => v === null);
  // Keys of the BSON order are equal exactly when values are equal: one set lookup per candidate.
  const keys = new Set(list.filter((v) => v !== null && !isRegex(v)).map(encodeValue));
  const path = selector.split('.');
  return (obj) => {
    const r = reach(obj, path);
    if (hasNull && equals(r, null)) return true;
    if (keys.size > 0 && candidates(r).some((c) => keys.has(encodeValue(c)))) return true;
    return regexes.some((re) => regexMatches(r, re));
  };
}

const $in: Operator = (selector, list) => membership(selector, list, '$in');
const $nin: Operator = (selector, list) => {
  const inList = membership(selector, list, '$nin');
  return (obj) => !inList(obj);
};

const $all: Operator = (selector, list, options) => {
  if (!Array.isArray(list)) throw badValue('$all needs an array');
  const path = selector.split('.');
  const parts: Predicate[] = list.map((item) => {
    if (isDocument(item) && Object.keys(item)[0] === '$elemMatch') {
      const q = new Query({ [selector]: item }, options);
      return (obj) => q.test(obj as Doc);
    }
    if (isRegex(item)) return (obj) => regexMatches(reach(obj, path), item);
    return (obj) => equals(reach(obj, path), item);
  });
  return (obj) => parts.length > 0 && parts.every((p) => p(obj));
};

function range(test: (c: number) => boolean, inclusive: boolean): Operator {
  return (selector, value) => {
    if (isRegex(value)) throw regexUnderRange(selector);
    // Above MinKey / below MaxKey is every value of every type, a missing field included
    // (ComparisonMatchExpressionBase in mongod's expression_leaf.cpp: the one exception to
    // type bracketing).
    if ((value instanceof MinKey && test(1)) || (value instanceof MaxKey && test(-1))) return () => true;
    const path = selector.split('.');
    return (obj) => {
      const r = reach(obj, path);
      // `$gte: null` / `$lte: null` select what equality with null selects; `$gt`/`$lt` nothing.
      if (value === null || value === undefined) return inclusive && equals(r, null);
      const rank = typeRank(value);
      return candidates(r).some((c) => typeRank(c) === rank && test(compareValues(c, value)));
    };
  };
}

/**
 * `$elemMatch` (https://www.mongodb.com/docs/manual/reference/operator/query/elemMatch/): some
 * element of the array satisfies every condition. With operator conditions each element is tested
 * as a value, so an element that is itself an array is compared whole (`[[5]]` does not match
 * `{$gt: 4, $lt: 6}`); with field conditions only embedded documents can match.
 */
const $elemMatch: Operator = (selector, criteria, options) => {
  const test = elementTest(criteria, options);
  const path = selector.split('.');
  return (obj) => reach(obj, path).values.some((v) => Array.isArray(v) && v.some(test));
};

/**
 * Whether one array element satisfies `$elemMatch`'s criteria. A nested `{$elemMatch: ...}` among
 * operator conditions tests the elements of an element that is itself an array, as mongod's
 * ElemMatchValueMatchExpression does (`{a: {$elemMatch: {$elemMatch: {$eq: 3}}}}` matches
 * `{a: [[1, 2], [3]]}`); the other conditions see the element whole.
 */
function elementTest(criteria: unknown, options: Options): (el: unknown) => boolean {
  if (!isDocument(criteria)) throw badValue('$elemMatch needs an Object');
  const keys = Object.keys(criteria);
  const onValues =
    keys.length > 0 && keys.every((k) => k.startsWith('$') && !['$and', '$or', '$nor'].includes(k));
  if (!onValues) {
    const q = new Query(criteria, options);
    return (el) => isDocument(el) && q.test(el);
  }
  const { $elemMatch: inner, ...rest } = criteria;
  const nested = inner === undefined ? undefined : elementTest(inner, options);
  const q = Object.keys(rest).length > 0 ? new Query({ v: rest }, options) : undefined;
  return (el) =>
    (nested === undefined || (Array.isArray(el) && el.some(nested))) &&
    // Wrapped once more, an array element is reached as a whole (and its elements one level down).
    (q === undefined || q.test({ v: Array.isArray(el) ? [el] : el }));
}

/**
 * `$exists` (https://www.mongodb.com/docs/manual/reference/operator/query/exists/): whether the
 * path reaches any value (null included), through arrays of documents as equality does, so that
 * `{'a.b': {$exists: true}}` and `{'a.b': null}` agree on which documents hold `a.b` (an array
 * nested directly in an array is not entered).
 */
const $exists: Operator = (selector, wanted) => {
  const path = selector.split('.');
  const want = wanted !== false && wanted !== 0 && wanted !== null && wanted !== undefined;
  return (obj) => reach(obj, path).values.length > 0 === want;
};

export const equalityOperators = {
  $elemMatch,
  $exists,
  $eq,
  $ne,
  $in,
  $nin,
  $all,
  $gt: range((c) => c > 0, false),
  $gte: range((c) => c >= 0, true),
  $lt: range((c) => c < 0, false),
  $lte: range((c) => c <= 0, true),
};
