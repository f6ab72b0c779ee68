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

/** The DBRef fields an update path may write inside a DBRef (and nowhere else). */
export const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);

/**
 * Whether an update path writes a DBRef's own field (`a.$id`, `a.0.$ref`, `a.$.$db`). Every update
 * asks, so paths without `.$` (nearly all) are answered without splitting them.
 */
export const writesDbRefField = (path: string): boolean =>
  path.includes('.$') && path.split('.').some((p) => DBREF_FIELDS.has(p));

/**
 * Replaces every DBRef of a decoded document (at any depth) with the plain document it is stored
 * as, `{$ref, $id, $db, ...fields}` in the order bson encodes a DBRef, so that update operators
 * can write its fields as any other (mongod stores and updates a DBRef as an ordinary document).
 */
export function plainDbRefs(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof DBRef) {
    const out: Record<string, unknown> = { $ref: v.collection, $id: plainDbRefs(v.oid) };
    if (v.db) out.$db = v.db;
    for (const [k, x] of Object.entries(v.fields)) out[k] = plainDbRefs(x);
    return out;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = plainDbRefs(v[i]);
    return v;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return v;
  const doc = v as Record<string, unknown>;
  for (const key of Object.keys(doc)) doc[key] = plainDbRefs(doc[key]);
  return doc;
}
