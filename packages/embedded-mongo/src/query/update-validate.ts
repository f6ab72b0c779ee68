import { MongoCommandError, badValue, show } from '../errors.js';
import { isBsonNumber } from '../bson/exact-number.js';

type Doc = Record<string, unknown>;

const isNumeric = isBsonNumber;

function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (v instanceof Date) return 'date';
  return typeof v === 'object' ? 'object' : typeof v;
}

type Lookup = {
  value?: unknown;
  missing: boolean;
  /** The path cannot be created: `field` would go inside the non-document element `{name: value}`. */
  blocked?: { field: string; name: string; value: unknown };
};

/** The value a plain dotted path reaches, or `{ missing }`; undefined means a positional path. */
function lookup(doc: Doc, path: string): Lookup | undefined {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (part.startsWith('$')) return undefined;
    if (cur === null || cur === undefined) return { missing: true };
    const blocked = { field: part, name: parts[i - 1] ?? '', value: cur };
    if (typeof cur !== 'object') return { missing: true, blocked };
    // A field name (not an index) inside an array: mongod cannot create it there.
    if (Array.isArray(cur) && !/^\d+$/.test(part)) return { missing: true, blocked };
    cur = (cur as Doc)[part];
  }
  return cur === undefined ? { missing: true } : { value: cur, missing: false };
}

/** Operators that create the path they name (the others are no-ops on a missing path). */
const CREATING = new Set([
  '$set',
  '$setOnInsert',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$currentDate',
  '$bit',
]);

const ARRAY_OPS = new Set(['$push', '$addToSet', '$pop', '$pull', '$pullAll']);

/**
 * Type checks mongod makes and mingo skips (it silently leaves the field unchanged):
 * `$inc`/`$mul` on non-numbers, array operators on non-arrays, paths through scalars.
 * https://www.mongodb.com/docs/manual/reference/operator/update/inc/#behavior
 */
export function validateModifier(doc: Doc, mod: Doc): void {
  const idText = show(doc._id);
  for (const [op, arg] of Object.entries(mod)) {
    for (const [path, operand] of Object.entries(arg as Doc)) {
      if (op === '$rename' && typeof operand === 'string') checkRenameEnds(doc, path, operand, idText);
      const found = lookup(doc, path);
      if (!found) continue;
      if (found.blocked && CREATING.has(op)) {
        // https://www.mongodb.com/docs/manual/reference/operator/update/set/ (paths into arrays use
        // an index or a positional operator); mongod's UpdateNode answers code 28.
        const { field, name, value } = found.blocked;
        throw new MongoCommandError(
          28,
          'PathNotViable',
          `Cannot create field '${field}' in element {${name}: ${show(value)}}`,
        );
      }
      if (op === '$inc' || op === '$mul') {
        const verb = op === '$inc' ? 'increment' : 'multiply';
        if (!isNumeric(operand)) {
          throw new MongoCommandError(
            14,
            'TypeMismatch',
            `Cannot ${verb} with non-numeric argument: {${path}: ${show(operand)}}`,
          );
        }
        if (!found.missing && !isNumeric(found.value)) {
          throw new MongoCommandError(
            14,
            'TypeMismatch',
            `Cannot apply ${op} to a value of non-numeric type. {_id: ${idText}} has the field '${path}' of non-numeric type ${bsonTypeName(found.value)}`,
          );
        }
      }
      if (ARRAY_OPS.has(op) && !found.missing && !Array.isArray(found.value)) {
        if (op === '$pop') {
          throw new MongoCommandError(
            14,
            'TypeMismatch',
            `Path '${path}' contains an element of non-array type '${bsonTypeName(found.value)}'`,
          );
        }
        throw badValue(
          `The field '${path}' must be an array but is of type ${bsonTypeName(found.value)} in document {_id: ${idText}}`,
        );
      }
    }
  }
}

/** The first proper prefix of `path` that holds an array in `doc`, if any. */
function arrayPrefix(doc: Doc, path: string): string | undefined {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Doc)[parts[i] ?? ''];
    if (Array.isArray(cur)) return parts.slice(0, i + 1).join('.');
  }
  return undefined;
}

/**
 * `$rename` moves fields between documents, never into or out of array elements
 * (https://www.mongodb.com/docs/manual/reference/operator/update/rename/#behavior); mongod refuses
 * both ends with BadValue, naming the array it found.
 */
function checkRenameEnds(doc: Doc, from: string, to: string, idText: string): void {
  const source = arrayPrefix(doc, from);
  if (source !== undefined)
    throw badValue(
      `The source field cannot be an array element, '${from}' in doc with _id: ${idText} has an array field called '${source}'`,
    );
  const destination = arrayPrefix(doc, to);
  if (destination !== undefined)
    throw badValue(
      `The destination field cannot be an array element, '${to}' in doc with _id: ${idText} has an array field called '${destination}'`,
    );
}
