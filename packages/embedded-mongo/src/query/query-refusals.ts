import { BSONRegExp } from 'bson';
import { badValue } from '../errors.js';

/**
 * Filters mongod's match expression parser refuses (src/mongo/db/matcher/expression_parser.cpp),
 * with its texts, shared by the parse-time check of a filter and the compiled operators.
 */

export const isRegex = (v: unknown): v is RegExp | BSONRegExp =>
  v instanceof RegExp || v instanceof BSONRegExp;

/** `{a: {$gt: /x/}}`: a regex only goes with equality (parseComparison). */
export const regexUnderRange = (field: string) =>
  badValue(`Can't have RegEx as arg to predicate over field '${field}'.`);

/** `{a: {$ne: /x/}}` (SERVER-1705). */
export const regexUnderNe = () => badValue("Can't have regex as arg to $ne.");

/**
 * A document whose first field starts with `$` (a DBRef's `$ref`/`$id`/`$db` excepted), as
 * isExpressionDocument reads it: `$in`/`$nin` take values, not operators.
 */
export function isOperatorDocument(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const first = Object.keys(v)[0];
  return first !== undefined && first.startsWith('$') && !['$ref', '$id', '$db'].includes(first);
}

/** parseInExpression's refusal, for `$nin` too (it is parsed as the negation of an `$in`). */
export const nestedUnderIn = () => badValue('cannot nest $ under $in');
