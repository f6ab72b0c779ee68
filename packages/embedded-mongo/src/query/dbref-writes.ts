import { MongoCommandError } from '../errors.js';
import { DBREF_FIELDS } from '../bson/dbref-field.js';
import { bsonTypeName } from './expression-fixes.js';

const invalidDbRef = (msg: string) => new MongoCommandError(55, 'InvalidDBRef', msg);

/**
 * mongod's storage check of a document holding `$ref`/`$id`/`$db` fields written by an update
 * (src/mongo/db/update/storage_validation.cpp, validateDollarPrefixElement): `$db` must be a
 * string right after `$id`, `$id` right after `$ref`, `$ref` a string followed by `$id` (55 InvalidDBRef).
 * Other `$`-prefixed names below the top level are allowed since MongoDB 5.0.
 */
function checkDbRefFields(doc: Record<string, unknown>): void {
  const keys = Object.keys(doc);
  keys.forEach((name, i) => {
    if (!DBREF_FIELDS.has(name)) return;
    let at = i;
    let current = name;
    if (current === '$db') {
      if (typeof doc.$db !== 'string')
        throw invalidDbRef(`The DBRef $db field must be a String, not a ${bsonTypeName(doc.$db)}`);
      at--;
      if (keys[at] !== '$id')
        throw invalidDbRef('Found $db field without a $id before it, which is invalid.');
      current = '$id';
    }
    if (current === '$id') {
      at--;
      if (keys[at] !== '$ref')
        throw invalidDbRef('Found $id field without a $ref before it, which is invalid.');
      current = '$ref';
    }
    if (current === '$ref') {
      if (typeof doc.$ref !== 'string')
        throw invalidDbRef(`The DBRef $ref field must be a String, not a ${bsonTypeName(doc.$ref)}`);
      if (keys[at + 1] !== '$id') throw invalidDbRef('The DBRef $ref field must be followed by a $id field');
    }
  });
}

/**
 * After an update wrote DBRef fields (`paths`, concrete: positions resolved), checks each document
 * holding a written `$ref`/`$id`/`$db` as mongod's post-image validation does.
 */
export function checkWrittenDbRefs(doc: Record<string, unknown>, paths: Iterable<string>): void {
  for (const path of paths) {
    const parts = path.split('.');
    let current: unknown = doc;
    for (const part of parts) {
      if (current === null || typeof current !== 'object') break;
      if (DBREF_FIELDS.has(part) && !Array.isArray(current))
        checkDbRefFields(current as Record<string, unknown>);
      current = (current as Record<string, unknown>)[part];
    }
  }
}
