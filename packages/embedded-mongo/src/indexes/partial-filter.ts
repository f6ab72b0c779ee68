import { MongoCommandError, badValue } from '../errors.js';

/** What mongod accepts below a field of a partial filter; `$exists` only as `true`. */
const FIELD_OPERATORS = new Set(['$eq', '$gt', '$gte', '$lt', '$lte', '$type', '$in', '$exists']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const unsupported = (what: string) =>
  new MongoCommandError(67, 'CannotCreateIndex', `Expression not supported in partial index: ${what}`);

/**
 * Refuses a partial filter mongod refuses: only equality, `$exists: true`, comparisons, `$type`,
 * `$in`, `$and` and `$or` (https://www.mongodb.com/docs/manual/core/index-partial/). Besides
 * fidelity, the engine needs to know which fields a filter reads to keep the index right when a
 * document changes; an operator such as `$expr` or `$where` reads fields by name inside its
 * argument, and accepting one let an index go stale when those fields changed.
 */
export function checkPartialFilter(filter: unknown): void {
  if (!isPlainObject(filter)) throw badValue('partialFilterExpression must be an object');
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) throw badValue(`${key} must be a nonempty array`);
      for (const branch of value) checkPartialFilter(branch);
    } else if (key.startsWith('$')) {
      throw unsupported(key);
    } else if (value instanceof RegExp || (isBsonValue(value) && value._bsontype === 'BSONRegExp')) {
      throw unsupported('$regex');
    } else if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
      for (const [op, arg] of Object.entries(value)) {
        if (!FIELD_OPERATORS.has(op) || (op === '$exists' && arg !== true)) throw unsupported(`${key} ${op}`);
      }
    }
  }
}

const isBsonValue = (v: unknown): v is { _bsontype: string } =>
  typeof v === 'object' && v !== null && '_bsontype' in v;
