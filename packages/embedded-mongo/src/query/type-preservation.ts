import { deserialize } from 'bson';

type Doc = Record<string, unknown>;

/**
 * Documents are decoded to JS numbers for mingo, which would turn every untouched double `1.0`
 * into an int32 and every int64 into an int32/double on re-encoding. After an operator update we
 * therefore take each top-level field the update did not touch from a type-preserving decode of
 * the old bytes, so only the fields an update names can change BSON type.
 */
export function keepUntouchedTypes(next: Doc, oldBytes: Uint8Array, update: Doc): Doc {
  const touched = new Set<string>();
  for (const [op, arg] of Object.entries(update)) {
    for (const [path, target] of Object.entries(arg as Doc)) {
      touched.add(path.split('.')[0] ?? path);
      if (op === '$rename' && typeof target === 'string') touched.add(target.split('.')[0] ?? target);
    }
  }
  const typed = deserialize(oldBytes, { promoteValues: false, bsonRegExp: true });
  const out: Doc = {};
  for (const [k, v] of Object.entries(next)) out[k] = !touched.has(k) && k in typed ? typed[k] : v;
  return out;
}
