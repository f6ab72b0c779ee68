import { Query } from 'mingo/query';
import {
  MongoCommandError,
  badValue,
  conflictingUpdate,
  failedToParse,
  show,
  toCommandError,
} from '../errors.js';
import { queryOptionsFor } from './mingo-context.js';

type Doc = Record<string, unknown>;

/**
 * Positional update paths (`a.$.b`, `a.$[].b`, `a.$[e].b`) resolved to concrete array indexes
 * before the update reaches mingo.
 *
 * Why: mingo's updater keys its conflict check on the path *before* the positional element, so
 * `{ $set: { 'outbox.$[e].status': …, 'outbox.$[e].doneAt': … } }` or `$inc` + `$set` on two fields
 * of `outbox.$` were refused ("updating the path 'outbox' would create a conflict"), while mongod
 * accepts them: two paths conflict only when one is a prefix of the other
 * (https://www.mongodb.com/docs/manual/reference/operator/update/positional-filtered/ and
 * https://www.mongodb.com/docs/manual/reference/operator/update/positional/). mongod applies every
 * path against the positions of the *original* document (the `$` position comes from the query
 * match), so expanding once up front and then applying plain dotted paths gives the same result.
 * Paths that end up identical or nested after expansion are refused at apply time, as mongod does
 * ("Update created a conflict at …", code 40).
 */

const FILTERED = /^\$\[([^\]]*)\]$/;
const isPositional = (seg: string) => seg === '$' || FILTERED.test(seg);
const hasPositional = (path: string) => path.split('.').some(isPositional);

type ArrayFilters = Map<string, Query>;

function identifiersOf(filter: Doc, out: Set<string>): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' || k === '$or' || k === '$nor') {
      if (Array.isArray(v)) for (const sub of v) identifiersOf(sub as Doc, out);
    } else if (!k.startsWith('$')) out.add(k.split('.')[0] ?? k);
  }
}

/**
 * Parses `arrayFilters` and checks them against the update the way mongod does at parse time:
 * one identifier per filter, no duplicates, each used by the update and each used one defined.
 * https://www.mongodb.com/docs/manual/reference/command/update/#std-label-update-command-arrayFilters
 */
export function parseArrayFilters(update: unknown, arrayFilters: Doc[] | undefined): ArrayFilters {
  const filters: ArrayFilters = new Map();
  for (const f of arrayFilters ?? []) {
    const ids = new Set<string>();
    identifiersOf(f, ids);
    if (ids.size === 0)
      throw failedToParse('Cannot use an expression without a top-level field name in arrayFilters');
    if (ids.size > 1) {
      const [a = '', b = ''] = [...ids];
      throw failedToParse(
        `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${a}' and '${b}'`,
      );
    }
    const id = [...ids][0] ?? '';
    if (filters.has(id))
      throw failedToParse(`Found multiple array filters with the same top-level field name ${id}`);
    try {
      filters.set(id, new Query(f, queryOptionsFor(f)));
    } catch (err) {
      throw toCommandError(err);
    }
  }
  if (!update || typeof update !== 'object' || Array.isArray(update)) return filters;
  const used = new Set<string>();
  for (const arg of Object.values(update as Doc)) {
    if (!arg || typeof arg !== 'object') continue;
    for (const path of Object.keys(arg)) {
      // Only a `$[id]` segment names a filter: most paths hold none and need no split.
      if (!path.includes('$[')) continue;
      for (const seg of path.split('.')) {
        const id = FILTERED.exec(seg)?.[1];
        if (id === undefined || id === '') continue;
        if (!filters.has(id))
          throw badValue(`No array filter found for identifier '${id}' in path '${path}'`);
        used.add(id);
      }
    }
  }
  for (const id of filters.keys()) {
    if (!used.has(id))
      throw failedToParse(
        `The array filter for identifier '${id}' was not used in the update ${show(update)}`,
      );
  }
  return filters;
}

function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next: Doc = {};
    cur[parts[i] ?? ''] = next;
    cur = next;
  }
  cur[parts[parts.length - 1] ?? ''] = value;
}

/** Top-level conditions of a filter (through `$and`) on the array at `prefix` or inside it. */
function conditionsOn(filter: Doc, prefix: string, out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) for (const sub of v) conditionsOn(sub as Doc, prefix, out);
    else if (k === prefix || k.startsWith(`${prefix}.`)) out.push([k, v]);
  }
  return out;
}

const noPositionalMatch = () =>
  badValue('The positional operator did not find the match needed from the query.');

/**
 * The index `$` stands for: the first element of the array at `prefix` that satisfies the query's
 * conditions on that array (each condition evaluated as if the array held only that element).
 * https://www.mongodb.com/docs/manual/reference/operator/update/positional/
 */
function positionalIndex(arr: unknown[], prefix: string, filter: Doc): number {
  const conds = conditionsOn(filter, prefix).map(([k, v]) => {
    try {
      return new Query({ [k]: v }, queryOptionsFor(v));
    } catch (err) {
      throw toCommandError(err);
    }
  });
  if (conds.length === 0) throw noPositionalMatch();
  const holds = (q: Query, el: unknown) => {
    const probe: Doc = {};
    setPath(probe, prefix, [el]);
    return q.test(probe);
  };
  let idx = arr.findIndex((el) => conds.every((q) => holds(q, el)));
  // Conditions met by different elements: mongod's answer is then unspecified (the manual warns);
  // take the first element that meets any of them rather than failing.
  if (idx < 0) idx = arr.findIndex((el) => conds.some((q) => holds(q, el)));
  if (idx < 0) throw noPositionalMatch();
  return idx;
}

/**
 * The index the positional projection `prefix.$` keeps: the array's element the query matched,
 * as for updates. Undefined when `prefix` does not reach an array through embedded documents
 * alone or no element meets the query's conditions on it.
 */
export function matchedElementIndex(doc: Doc, prefix: string, filter: Doc): number | undefined {
  let cur: unknown = doc;
  for (const part of prefix.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Doc)[part];
  }
  if (!Array.isArray(cur)) return undefined;
  try {
    return positionalIndex(cur, prefix, filter);
  } catch {
    return undefined;
  }
}

/** Whether the filter names `prefix` or a path under it anywhere, inside logical operators too. */
function mentions(filter: unknown, prefix: string): boolean {
  if (Array.isArray(filter)) return filter.some((sub) => mentions(sub, prefix));
  if (filter === null || typeof filter !== 'object') return false;
  return Object.entries(filter as Doc).some(
    ([k, v]) =>
      k === prefix ||
      k.startsWith(`${prefix}.`) ||
      (['$and', '$or', '$nor'].includes(k) && mentions(v, prefix)),
  );
}

/**
 * The error of a positional projection `prefix.$` of an array the query put no condition on:
 * mongod then has no matched element to keep and fails the read (51246) rather than answer.
 * Undefined when `prefix` does not reach an array through embedded documents, or the filter
 * names it (the general path answers those).
 */
export function unmatchedPositional(doc: Doc, prefix: string, filter: Doc): MongoCommandError | undefined {
  let cur: unknown = doc;
  for (const part of prefix.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Doc)[part];
  }
  if (!Array.isArray(cur) || mentions(filter, prefix)) return undefined;
  return new MongoCommandError(
    51246,
    'Location51246',
    "positional operator '.$' couldn't find a matching element in the array",
  );
}

function expandPath(
  doc: Doc,
  path: string,
  filter: Doc,
  filters: ArrayFilters,
  positionalCache: Map<string, number>,
): string[] {
  const segs = path.split('.');
  if (segs.filter((s) => s === '$').length > 1)
    throw badValue(`Too many positional (i.e. '$') elements found in path '${path}'`);
  const out: string[] = [];
  const walk = (value: unknown, i: number, done: string[]) => {
    if (i === segs.length) {
      out.push(done.join('.'));
      return;
    }
    const seg = segs[i] ?? '';
    if (!isPositional(seg)) {
      const next = value !== null && typeof value === 'object' ? (value as Doc)[seg] : undefined;
      walk(next, i + 1, [...done, seg]);
      return;
    }
    const prefix = done.join('.');
    if (seg === '$') {
      if (!Array.isArray(value)) throw noPositionalMatch();
      let idx = positionalCache.get(prefix);
      if (idx === undefined) {
        idx = positionalIndex(value, prefix, filter);
        positionalCache.set(prefix, idx);
      }
      walk(value[idx], i + 1, [...done, String(idx)]);
      return;
    }
    if (value === undefined)
      throw badValue(`The path '${prefix}' must exist in the document in order to apply array updates.`);
    if (!Array.isArray(value))
      throw badValue(`Cannot apply array updates to non-array element ${prefix}: ${show(value)}`);
    const id = FILTERED.exec(seg)?.[1] ?? '';
    const q = id === '' ? undefined : filters.get(id);
    value.forEach((el: unknown, k) => {
      // The filter sees the element itself under its identifier (not wrapped in an array).
      if (q && !q.test({ [id]: el })) return;
      walk(el, i + 1, [...done, String(k)]);
    });
  };
  walk(doc, 0, []);
  return out;
}

const nested = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/**
 * Rewrites every positional path of a modifier into the concrete paths it designates in `doc`.
 * Returns the modifier unchanged (same object) when it has no positional path.
 */
export function expandPositional(doc: Doc, mod: Doc, filter: Doc, filters: ArrayFilters): Doc {
  const anyPositional = Object.values(mod).some((arg) => Object.keys(arg as Doc).some(hasPositional));
  if (!anyPositional) return mod;
  const cache = new Map<string, number>();
  const out: Doc = {};
  const concrete: string[] = [];
  const claim = (p: string) => {
    const clash = concrete.find((c) => nested(c, p));
    if (clash !== undefined) {
      throw conflictingUpdate(`Update created a conflict at '${clash.length <= p.length ? p : clash}'`);
    }
    concrete.push(p);
  };
  for (const [op, arg] of Object.entries(mod)) {
    const next: Doc = {};
    for (const [path, operand] of Object.entries(arg as Doc)) {
      const targets = hasPositional(path) ? expandPath(doc, path, filter, filters, cache) : [path];
      for (const t of targets) {
        claim(t);
        next[t] = operand;
      }
      if (op === '$rename' && typeof operand === 'string') claim(operand);
    }
    if (Object.keys(next).length > 0) out[op] = next;
  }
  return out;
}
