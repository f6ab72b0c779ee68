import { Query } from 'mingo/query';
import { queryOptions } from './mingo-context.js';
import { toCommandError } from '../errors.js';
import { computedProjection, reorder } from './project-order.js';
import { matchedElementIndex, unmatchedPositional } from './positional-paths.js';
import { applyDotted, dottedProjection } from './dotted-projection.js';

type Doc = Record<string, unknown>;

/** Applies a find projection (mingo handles inclusion/exclusion, `$slice`, `$elemMatch` and positional `$`). */
export function project(docs: Doc[], filter: Doc, projection: Doc): Doc[] {
  const simple = simpleProjection(projection);
  if (simple) return docs.map((doc) => applySimple(doc, simple));
  const dotted = dottedProjection(projection);
  const projected = dotted && applyDotted(docs, dotted);
  if (projected) return projected;
  const slices = sliceOnlyProjection(projection);
  if (slices) return docs.map((doc) => applySlices(applySimple(doc, slices.rest), slices.slices));
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  if (positional) {
    const kept = docs.map((doc) => keepMatchedElement(doc, filter, projection));
    if (kept.every((doc) => doc !== undefined)) return kept;
    const prefix = (Object.keys(projection).find((k) => k.endsWith('.$')) ?? '').slice(0, -2);
    for (const doc of docs) {
      const error = unmatchedPositional(doc, prefix, filter);
      if (error) throw error;
    }
  }
  return projectWithMingo(docs, filter, projection);
}

/** The general path: any valid projection, through mingo, fields put in mongod's order. */
export function projectWithMingo(docs: Doc[], filter: Doc, projection: Doc): Doc[] {
  const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
  try {
    const q = new Query(positional ? filter : {}, queryOptions);
    const out = q.find<Doc>(docs, projection).all();
    // The documents matched already (the query only resolves a positional `$`): one out per doc.
    const tree = computedProjection(projection);
    if (tree && out.length === docs.length) return out.map((doc, i) => reorder(docs[i], doc, tree));
    return out.map(idFirst);
  } catch (err) {
    throw toCommandError(err);
  }
}

/**
 * A positional projection (`{'x.a.$': 1}`) of an array reached through embedded documents, as
 * mongod returns it (the manual's "$ (projection)" page): the array's path kept, holding only the
 * element the query matched, `{x: {a: [element]}}`, the other fields projected as the rest of the
 * projection says. mingo wrote the element at the parent (`{x: [element]}`). Undefined for any
 * other projection, or when no element is found (mingo's path then answers).
 */
function keepMatchedElement(doc: Doc, filter: Doc, projection: Doc): Doc | undefined {
  const keys = Object.keys(projection).filter((k) => k.endsWith('.$'));
  const [key] = keys;
  if (key === undefined || keys.length > 1 || !isTrueFlag(projection[key])) return undefined;
  const prefix = key.slice(0, -2);
  const index = matchedElementIndex(doc, prefix, filter);
  if (index === undefined) return undefined;
  const rest = { ...projection };
  delete rest[key];
  rest[prefix] = 1;
  const simple = simpleProjection(rest);
  const out = simple ? applySimple(doc, simple) : project([doc], {}, rest)[0];
  if (!out) return undefined;
  const parts = prefix.split('.');
  let src: unknown = doc;
  let dst: Doc = out;
  for (const [i, part] of parts.entries()) {
    src = (src as Doc)[part];
    if (i === parts.length - 1) dst[part] = [(src as unknown[])[index]];
    else dst = dst[part] as Doc;
  }
  return out;
}

const isTrueFlag = (v: unknown) => v === true || (typeof v === 'number' && v !== 0);

/** mingo appends `_id` after the included fields; mongod returns it first, as stored. */
function idFirst(doc: Doc): Doc {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

type SliceSpec = number | [number, number];

/**
 * A projection of `$slice` operators plus exclusions only. mongod treats `$slice` as neither
 * inclusion nor exclusion, so `{ comments: { $slice: 5 } }` returns every other field too
 * (https://www.mongodb.com/docs/manual/reference/operator/projection/slice/); mingo treated it as
 * an inclusion and dropped the rest. Projections that also include fields stay with mingo.
 */
function sliceOnlyProjection(
  projection: Doc,
): { rest: SimpleProjection; slices: [string, SliceSpec][] } | null {
  const slices: [string, SliceSpec][] = [];
  const rest: Doc = {};
  for (const [key, value] of Object.entries(projection)) {
    const spec = sliceSpec(value);
    if (spec !== undefined) slices.push([key, spec]);
    else rest[key] = value;
  }
  if (slices.length === 0) return null;
  const simple = simpleProjection(rest);
  if (!simple) return null;
  if (simple.include && simple.fields.size > 0) return null;
  if (simple.include && !simple.keepId) return null;
  // `{ _id: 0 }` or nothing besides the slices: exclusion of what is listed (maybe nothing).
  return {
    rest: { include: false, fields: simple.include ? new Set() : simple.fields, keepId: simple.keepId },
    slices,
  };
}

function sliceSpec(value: unknown): SliceSpec | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== '$slice') return undefined;
  const arg = (value as Doc).$slice;
  if (typeof arg === 'number' && Number.isInteger(arg)) return arg;
  if (
    Array.isArray(arg) &&
    arg.length === 2 &&
    arg.every((n) => typeof n === 'number' && Number.isInteger(n)) &&
    (arg[1] as number) > 0
  )
    return [arg[0] as number, arg[1] as number];
  return undefined; // invalid forms: mingo's path reports them
}

function sliceArray(arr: unknown[], spec: SliceSpec): unknown[] {
  if (typeof spec === 'number')
    return spec >= 0 ? arr.slice(0, spec) : arr.slice(Math.max(0, arr.length + spec));
  const [skip, limit] = spec;
  const start = skip >= 0 ? Math.min(skip, arr.length) : Math.max(0, arr.length + skip);
  return arr.slice(start, start + limit);
}

/** Applies each `$slice` on a copy; dotted paths go through subdocuments and arrays of them. */
function applySlices(doc: Doc, slices: [string, SliceSpec][]): Doc {
  const at = (value: unknown, parts: string[], spec: SliceSpec): unknown => {
    if (parts.length === 0) return Array.isArray(value) ? sliceArray(value, spec) : value;
    if (Array.isArray(value))
      return value.map((el: unknown) => (el !== null && typeof el === 'object' ? at(el, parts, spec) : el));
    if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
      return value;
    const [head = '', ...tail] = parts;
    if (!(head in value)) return value;
    return { ...(value as Doc), [head]: at((value as Doc)[head], tail, spec) };
  };
  let out = doc;
  for (const [path, spec] of slices) out = at(out, path.split('.'), spec) as Doc;
  return out;
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
