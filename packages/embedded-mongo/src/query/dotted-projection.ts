/**
 * Find projections of plain flags where some path is dotted (`{'settings.usersJoined': 1}`,
 * `{'meta.ip': 0}`), applied the way mongod's projection executor walks a document, without
 * compiling a mingo query per command (which cost about twice the rest of such a find):
 *
 * - inclusion keeps, at every level, the named fields in the document's own order; a sub-document
 *   on the path is kept even when none of its fields is (`{a: {}}`), a value that is neither a
 *   document nor an array is dropped, and an array is projected element by element (arrays inside
 *   arrays too), dropping the elements that are neither;
 * - exclusion copies the document without the named fields; values on the path that are neither
 *   documents nor arrays stay as they are;
 * - `_id` is kept unless the projection says `_id: 0`, only at the top level.
 *
 * Everything else (operators, `$` parts, `_id.x`, nested specs, values other than booleans and
 * finite numbers, a mix of inclusions and exclusions, a path and its prefix both named) is left to
 * the general path, whose checks and errors stay the only ones.
 */
type Doc = Record<string, unknown>;

/** The projected paths as a tree: `true` ends a path (the whole field), a map goes deeper. */
type PathTree = Map<string, PathTree | true>;

export type DottedProjection = { include: boolean; tree: PathTree; keepId: boolean };

/** Marks a value the inclusion leaves out (mongod's "missing"), as opposed to `undefined` data. */
const MISSING = Symbol('missing');

/** A DBRef met on a path: its fields are the general path's business. */
class NotPlain extends Error {}

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function flagOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value !== 0;
  return undefined;
}

/** The projection as a tree when it is one this file applies and names a dotted path, else null. */
export function dottedProjection(projection: Doc): DottedProjection | null {
  const tree: PathTree = new Map();
  let include: boolean | undefined;
  let keepId = true;
  let dotted = false;
  for (const key of Object.keys(projection)) {
    const on = flagOf(projection[key]);
    if (on === undefined) return null;
    if (key === '_id') {
      keepId = on;
      continue;
    }
    const parts = key.split('.');
    if (parts[0] === '_id' || parts.some((p) => p.length === 0 || p.startsWith('$'))) return null;
    if (include === undefined) include = on;
    else if (include !== on) return null;
    if (parts.length > 1) dotted = true;
    if (!addPath(tree, parts)) return null;
  }
  if (!dotted || include === undefined) return null;
  return { include, tree, keepId };
}

/** Adds one path; false when it collides with a path already there (a prefix of it, or longer). */
function addPath(tree: PathTree, parts: string[]): boolean {
  let node = tree;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const child = node.get(part);
    if (i === parts.length - 1) {
      if (child !== undefined) return false;
      node.set(part, true);
      return true;
    }
    if (child === true) return false;
    const next: PathTree = child ?? new Map<string, PathTree | true>();
    node.set(part, next);
    node = next;
  }
  return true;
}

/** The projected documents, or undefined when one holds a DBRef on a projected path. */
export function applyDotted(docs: Doc[], projection: DottedProjection): Doc[] | undefined {
  try {
    return docs.map((doc) => applyToDocument(doc, projection));
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

function applyToDocument(doc: Doc, { include, tree, keepId }: DottedProjection): Doc {
  const out: Doc = {};
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    if (value === undefined) continue;
    if (key === '_id') {
      if (keepId) out[key] = value;
      continue;
    }
    const node = tree.get(key);
    if (include) {
      if (node === undefined) continue;
      const kept = node === true ? value : included(value, node);
      if (kept !== MISSING) out[key] = kept;
    } else if (node === undefined) out[key] = value;
    else if (node !== true) out[key] = excluded(value, node);
  }
  return out;
}

function included(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const element of value) {
      const kept = included(element, tree);
      if (kept !== MISSING) out.push(kept);
    }
    return out;
  }
  if (!isPlain(value)) return notDocument(value, MISSING);
  const out: Doc = {};
  for (const key of Object.keys(value)) {
    const node = tree.get(key);
    const field = value[key];
    if (node === undefined || field === undefined) continue;
    const kept = node === true ? field : included(field, node);
    if (kept !== MISSING) out[key] = kept;
  }
  return out;
}

function excluded(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((element) => excluded(element, tree));
  if (!isPlain(value)) return notDocument(value, value);
  const out: Doc = {};
  for (const key of Object.keys(value)) {
    const node = tree.get(key);
    const field = value[key];
    if (field === undefined || node === true) continue;
    out[key] = node === undefined ? field : excluded(field, node);
  }
  return out;
}

/** What a value that is no document becomes; a DBRef (a document to mongod) is not judged here. */
function notDocument<T>(value: unknown, result: T): T {
  if (value !== null && typeof value === 'object' && (value as { _bsontype?: unknown })._bsontype === 'DBRef')
    throw new NotPlain();
  return result;
}
