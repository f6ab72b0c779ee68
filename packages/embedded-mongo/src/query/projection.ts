import { Query } from 'mingo/query';
import { queryOptions } from './mingo-context.js';
import { toCommandError } from '../errors.js';

type Doc = Record<string, unknown>;

/** Applies a find projection (mingo handles inclusion/exclusion, `$slice`, `$elemMatch` and positional `$`). */
export function project(docs: Doc[], filter: Doc, projection: Doc): Doc[] {
  const simple = simpleProjection(projection);
  if (simple) return docs.map((doc) => applySimple(doc, simple));
  try {
    const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
    const q = new Query(positional ? filter : {}, queryOptions);
    return q.find<Doc>(docs, projection).all();
  } catch (err) {
    throw toCommandError(err);
  }
}

/** A projection of top-level fields only, all included or all excluded (`_id` either way). */
type SimpleProjection = { include: boolean; fields: Set<string>; keepId: boolean };

/**
 * Recognises the projections repositories send on hot paths (`{ keyHash: 0 }`, `{ used: 1 }`,
 * `{ countedIds: 0 }`): flags on top-level fields, no dotted path, operator or expression. Those are
 * applied here without compiling a mingo query per command; anything else (and every invalid mix,
 * so errors stay mingo's) takes the general path.
 */
export function simpleProjection(projection: Doc): SimpleProjection | null {
  const fields = new Set<string>();
  let include: boolean | undefined;
  let keepId = true;
  for (const [key, value] of Object.entries(projection)) {
    let on: boolean;
    if (typeof value === 'boolean') on = value;
    else if (typeof value === 'number' && Number.isFinite(value)) on = value !== 0;
    else return null;
    if (key === '_id') {
      keepId = on;
      continue;
    }
    if (key.length === 0 || key.includes('.') || key.startsWith('$')) return null;
    if (include === undefined) include = on;
    else if (include !== on) return null;
    fields.add(key);
  }
  // `{ _id: 0 }` alone excludes `_id`; `{ _id: 1 }` alone keeps only `_id`.
  if (include === undefined)
    return keepId ? { include: true, fields, keepId } : { include: false, fields, keepId };
  return { include, fields, keepId };
}

function applySimple(doc: Doc, { include, fields, keepId }: SimpleProjection): Doc {
  const out: Doc = {};
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    if (key === '_id') {
      if (keepId) out[key] = value;
    } else if (fields.has(key) === include && value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}
