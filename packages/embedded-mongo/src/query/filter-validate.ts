import { BSONRegExp } from 'bson';
import { badValue } from '../errors.js';
import { whereWithoutScriptEngine } from './script-refusals.js';
import {
  isOperatorDocument,
  isRegex,
  nestedUnderIn,
  regexUnderNe,
  regexUnderRange,
} from './query-refusals.js';

type Doc = Record<string, unknown>;

const isObject = (v: unknown): v is Doc =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RegExp);
const isPlain = (v: unknown): v is Doc => isObject(v) && Object.getPrototypeOf(v) === Object.prototype;

function checkOperator(op: string, arg: unknown, field: string): void {
  switch (op) {
    case '$in':
    case '$nin':
      if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
      if (arg.some(isOperatorDocument)) throw nestedUnderIn();
      return;
    case '$all':
      if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
      return;
    case '$ne':
      if (isRegex(arg)) throw regexUnderNe();
      return;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (isRegex(arg)) throw regexUnderRange(field);
      return;
    case '$elemMatch':
      if (!isObject(arg)) throw badValue('$elemMatch needs an Object');
      return;
    case '$size':
      if (typeof arg !== 'number' || !Number.isInteger(arg) || arg < 0) {
        throw badValue(`Failed to parse $size. Expected a non-negative integer, got ${typeof arg}`);
      }
      return;
    case '$not':
      if (!(arg instanceof RegExp) && !isObject(arg)) throw badValue('$not needs a regex or a document');
      return;
    case '$mod':
      if (!Array.isArray(arg) || arg.length !== 2)
        throw badValue('malformed mod, needs to be an array of two numbers');
      return;
    case '$regex':
      if (typeof arg !== 'string' && !(arg instanceof RegExp) && !(arg instanceof BSONRegExp))
        throw badValue('$regex has to be a string');
      return;
    default:
      return;
  }
}

/**
 * Argument checks mongod makes at parse time and mingo does not (it would quietly match nothing),
 * e.g. `{ a: { $in: 5 } }` → "$in needs an array" (2), `{ $or: [] }` → 2.
 */
export function validateFilter(filter: Doc): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$where') throw whereWithoutScriptEngine();
    if (k === '$and' || k === '$or' || k === '$nor') {
      if (!Array.isArray(v) || v.length === 0) throw badValue(`${k} argument must be a non-empty array`);
      for (const sub of v) {
        if (!isPlain(sub)) throw badValue(`${k} argument's entries must be objects`);
        validateFilter(sub);
      }
      continue;
    }
    if (k.startsWith('$') || !isPlain(v)) continue;
    for (const [op, arg] of Object.entries(v)) {
      if (op.startsWith('$')) checkOperator(op, arg, k);
    }
  }
}
