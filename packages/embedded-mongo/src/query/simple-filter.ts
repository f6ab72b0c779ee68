import { BSONRegExp } from 'bson';
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
export function compileSimpleFilter(filter: Doc): { test(doc: Doc): boolean } | undefined {
  const predicates: Predicate[] = [];
  const options = queryOptions as Options;
  for (const field in filter) {
    if (field.startsWith('$') || !Object.hasOwn(filter, field)) return undefined;
    const condition = filter[field];
    if (!isPlain(condition)) {
      if (!isPlainValue(condition)) return undefined;
      predicates.push(queryOperatorsFast.$eq(field, condition, options));
      continue;
    }
    let operators = 0;
    for (const op in condition) {
      const value = condition[op];
      if (!SIMPLE_OPERATORS.has(op) || !isPlainValue(value)) return undefined;
      operators++;
    }
    if (operators === 0) return undefined; // `{a: {}}`: equality with an empty document
    for (const op in condition)
      predicates.push(queryOperatorsFast[op as '$eq'](field, condition[op], options));
  }
  return {
    test(doc) {
      for (const p of predicates) if (!p(doc)) return false;
      return true;
    },
  };
}
