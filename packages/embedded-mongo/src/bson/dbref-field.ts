import { DBRef } from 'bson';

/**
 * A field of a DBRef as stored (`{$ref, $id, $db, ...}`): the bson library decodes such a
 * document into a `DBRef` object whose properties have other names, so a path such as
 * `a.b.$ref` (queried and indexed by mongod like any field, jstests update_arraymatch8)
 * reads them here.
 */
export function dbRefField(ref: DBRef, name: string): unknown {
  if (name === '$ref') return ref.collection;
  if (name === '$id') return ref.oid;
  if (name === '$db') return ref.db;
  return (ref.fields as Record<string, unknown>)[name];
}

export const isDbRef = (v: unknown): v is DBRef => v instanceof DBRef;
