import { BSONRegExp, ObjectId } from 'bson';
import { fieldEqualsObjectId } from '../bson/object-id-field.js';
import type { Options } from 'mingo/types';
import { queryOperatorsFast, queryOptions } from './mingo-context.js';

type Doc = Record<string, unknown>;
type Predicate = (doc: unknown) => boolean;

/** The comparison operators a simple filter may use; each ignores mingo's options. */
const SIMPLE_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);

const isPlain = (v: unknown): v is Doc =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A value the filter compares as it is: no regex (translated and matched as a pattern), no plain
 * document (maybe operators, maybe regexes inside), also inside arrays.
 */
const isPlainValue = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.every(isPlainValue)
    : !isPlain(v) && !(v instanceof RegExp) && !(v instanceof BSONRegExp);

/** A filter compiled here (see compileSimpleFilter). */
export type SimpleFilter = {
  test(doc: Doc): boolean;
  /**
   * The same filter decided on a stored document's bytes where it can be: `ids` are the conditions
   * `field: id`, `{$eq: id}` or `{$ne: id}` on ObjectIds, read on the bytes (fieldEqualsObjectId);
   * `testRest` tests the other conditions on a decode of `restFields` only. Undefined when no
   * condition is on an ObjectId.
   */
  onBytes?: {
    ids: { name: Buffer; id: Uint8Array; negate: boolean }[];
    restFields: ReadonlySet<string>;
    testRest(doc: Doc): boolean;
  };
};

/**
 * The filter compiled straight to the engine's own query operators, when it is a conjunction of
 * field conditions, each a value (equality) or an object of comparison operators (`$eq`, `$ne`,
 * `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`, `$exists`) on plain values: what every write of a
 * submit filters with (`{_id, userId, countedIds: {$ne: id}}`). mingo's Query builds the very same
 * predicates from such a filter (a value is `{$eq: value}`, each operator one predicate, all must
 * hold), but first deep-copies the filter and sets up its options on every statement, which was
 * the largest single cost of the engine's update statements. Undefined for any other filter
 * (top-level operators, regexes, embedded documents, other operators), which mingo compiles.
 */
export function compileSimpleFilter(filter: Doc): SimpleFilter | undefined {
  const predicates: Predicate[] = [];
  const rest: Predicate[] = [];
  const restFields = new Set<string>();
  const ids: { name: Buffer; id: Uint8Array; negate: boolean }[] = [];
  const options = queryOptions as Options;
  for (const field in filter) {
    if (field.startsWith('$') || !Object.hasOwn(filter, field)) return undefined;
    const condition = filter[field];
    const own: Predicate[] = [];
    if (!isPlain(condition)) {
      if (!isPlainValue(condition)) return undefined;
      own.push(queryOperatorsFast.$eq(field, condition, options));
    } else {
      for (const op in condition) {
        const value = condition[op];
        if (!SIMPLE_OPERATORS.has(op) || !isPlainValue(value)) return undefined;
        own.push(queryOperatorsFast[op as '$eq'](field, value, options));
      }
      if (own.length === 0) return undefined; // `{a: {}}`: equality with an empty document
    }
    predicates.push(...own);
    const idTest = field.includes('.') ? undefined : objectIdCondition(condition);
    if (idTest) ids.push({ name: Buffer.from(field), ...idTest });
    else {
      rest.push(...own);
      restFields.add(field.split('.')[0] ?? field);
    }
  }
  const all = (list: Predicate[]) => (doc: Doc) => {
    for (const p of list) if (!p(doc)) return false;
    return true;
  };
  return {
    test: all(predicates),
    ...(ids.length > 0 ? { onBytes: { ids, restFields, testRest: all(rest) } } : {}),
  };
}

/** `id`, `{$eq: id}` or `{$ne: id}` with an ObjectId: the id's bytes, and whether it is `$ne`. */
function objectIdCondition(condition: unknown): { id: Uint8Array; negate: boolean } | undefined {
  if (condition instanceof ObjectId) return { id: condition.id, negate: false };
  if (!isPlain(condition)) return undefined;
  const keys = Object.keys(condition);
  const value = condition[keys[0] ?? ''];
  if (keys.length !== 1 || !(value instanceof ObjectId)) return undefined;
  return keys[0] === '$eq'
    ? { id: value.id, negate: false }
    : keys[0] === '$ne'
      ? { id: value.id, negate: true }
      : undefined;
}

/**
 * A simple filter decided on a stored document's bytes: false or true, or undefined when the bytes
 * of some ObjectId condition's field do not say it simply (then the caller decodes and tests).
 */
export function testOnBytes(
  filter: SimpleFilter,
  raw: Uint8Array,
  decode: (fields: ReadonlySet<string>) => Doc,
): boolean | undefined {
  const onBytes = filter.onBytes;
  if (!onBytes) return undefined;
  for (const { name, id, negate } of onBytes.ids) {
    const equal = fieldEqualsObjectId(raw, name, id);
    if (equal === undefined) return undefined;
    if (equal === negate) return false;
  }
  return onBytes.restFields.size === 0 || onBytes.testRest(decode(onBytes.restFields));
}
