import { EMPTY_ARRAY_KEY } from '../bson/compare.js';
import { dbRefField, isDbRef } from '../bson/dbref-field.js';
import { BSON_UNDEFINED } from '../bson/undefined-value.js';

/** Reads a dotted path, returning every value it reaches (arrays fan out, as multikey indexes do). */
export function valuesAtPath(doc: unknown, path: string[], i = 0, out: unknown[] = []): unknown[] {
  if (i === path.length) {
    if (Array.isArray(doc)) {
      // An indexed array contributes each element; an empty array is indexed (and sorted) as
      // undefined, before null.
      if (doc.length === 0) out.push(EMPTY_ARRAY_KEY);
      else for (const el of doc) out.push(el);
    } else out.push(doc === undefined ? null : doc);
    return out;
  }
  if (doc === null || typeof doc !== 'object') {
    out.push(null);
    return out;
  }
  const field = path[i] ?? '';
  if (Array.isArray(doc)) {
    const idx = /^\d+$/.test(field) ? Number(field) : -1;
    if (idx >= 0) return valuesAtPath(doc[idx], path, i + 1, out);
    if (doc.length === 0) out.push(null);
    // A field name does not enter an array nested directly in the array (as queries read paths,
    // and as mongod's key generator does): such an element has no value there.
    for (const el of doc) {
      if (Array.isArray(el)) out.push(null);
      else valuesAtPath(el, path, i, out);
    }
    return out;
  }
  if (isDbRef(doc)) return valuesAtPath(dbRefField(doc, field), path, i + 1, out);
  return valuesAtPath((doc as Record<string, unknown>)[field], path, i + 1, out);
}

/** True when the path exists with some value (used by sparse indexes). */
export function hasPath(doc: unknown, path: string[], i = 0): boolean {
  if (i === path.length) return doc !== undefined && doc !== BSON_UNDEFINED;
  if (doc === null || typeof doc !== 'object') return false;
  if (Array.isArray(doc)) return doc.some((el) => !Array.isArray(el) && hasPath(el, path, i));
  if (isDbRef(doc)) return hasPath(dbRefField(doc, path[i] ?? ''), path, i + 1);
  return hasPath((doc as Record<string, unknown>)[path[i] ?? ''], path, i + 1);
}

const MAX_KEYS_PER_DOC = 1000;

/** All index keys (without record id) a document produces: the cartesian product of each field's values. */
export function extractKeys(doc: unknown, paths: string[][]): { keys: unknown[][]; multikey: boolean } {
  let keys: unknown[][] = [[]];
  let multikey = false;
  for (const path of paths) {
    const vals = valuesAtPath(doc, path);
    if (vals.length > 1) multikey = true;
    const next: unknown[][] = [];
    for (const k of keys) for (const v of dedupe(vals)) next.push([...k, v]);
    keys = next.slice(0, MAX_KEYS_PER_DOC);
  }
  return { keys, multikey };
}

function dedupe(vals: unknown[]): unknown[] {
  if (vals.length < 2) return vals;
  const seen = new Set<unknown>();
  return vals.filter((v) => {
    const k = typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
