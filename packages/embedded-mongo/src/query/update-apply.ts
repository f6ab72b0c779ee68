import { update as mingoUpdate } from 'mingo/updater';
import { Aggregator } from 'mingo/aggregator';
import { MongoCommandError, failedToParse, immutableField, toCommandError } from '../errors.js';
import { valuesEqual } from '../bson/compare.js';
import { plainUpdateOptions, queryOptions } from './mingo-context.js';
import { validateModifier } from './update-validate.js';
import { expandPositional, parseArrayFilters } from './positional-paths.js';
import { createMissingPushTargets } from './push-missing.js';
import { exactArithmetic } from './exact-arithmetic.js';
import { orderCreatedFields, pathTrie, snapshotKeys } from './field-order.js';
import { retypeUpdated, withAggregationTypes } from './typed-update.js';
import { withTypedExpressions } from './typed-pipeline.js';
import { plainDbRefs, writesDbRefField } from '../bson/dbref-field.js';
import { checkWrittenDbRefs } from './dbref-writes.js';

type Doc = Record<string, unknown>;

const MODIFIERS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$addToSet',
  '$pop',
  '$pull',
  '$pullAll',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);
const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export type UpdateKind = 'replacement' | 'modifier' | 'pipeline';

/** Classifies and validates an update document the way mongod does before touching any document. */
export function updateKind(u: unknown): UpdateKind {
  if (Array.isArray(u)) {
    for (const stage of u as Doc[]) {
      const op = Object.keys(stage ?? {})[0] ?? '';
      if (!PIPELINE_STAGES.has(op)) {
        throw new MongoCommandError(
          ErrorCodes.InvalidOptions,
          'InvalidOptions',
          `${op} is not allowed to be used within an update`,
        );
      }
    }
    return 'pipeline';
  }
  if (!u || typeof u !== 'object')
    throw failedToParse('Update argument must be either an object or an array');
  const keys = Object.keys(u);
  if (keys.length === 0 || !keys.some((k) => k.startsWith('$'))) return 'replacement';
  for (const k of keys) {
    if (!MODIFIERS.has(k)) {
      throw failedToParse(
        `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    const arg = (u as Doc)[k];
    if (!arg || typeof arg !== 'object' || Array.isArray(arg)) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${Array.isArray(arg) ? 'array' : typeof arg} instead. For example: {$mod: {<field>: ...}} not {${k}: ${String(arg)}}`,
      );
    }
  }
  checkConflicts(u as Doc);
  return 'modifier';
}

const ErrorCodes = { InvalidOptions: 72 };

/** `{ $set: { a: 1 }, $inc: { a: 1 } }` is refused with code 40, as mongod refuses it. */
function checkConflicts(u: Doc): void {
  const seen: string[] = [];
  for (const [op, arg] of Object.entries(u)) {
    const paths = Object.keys(arg as Doc);
    if (op === '$rename') paths.push(...Object.values(arg as Doc).map(String));
    for (const p of paths) {
      checkUpdatePath(p);
      const clash = seen.find((s) => s === p || isBelow(s, p) || isBelow(p, s));
      if (clash !== undefined) {
        throw new MongoCommandError(
          40,
          'ConflictingUpdateOperators',
          `Updating the path '${p}' would create a conflict at '${clash}'`,
        );
      }
      seen.push(p);
    }
  }
}

/**
 * Field names an update path may not hold: empty parts (code 56) and a `$`-prefixed top-level
 * field (code 52). Since MongoDB 5.0 `$`-prefixed names below the top level may be set by update
 * operators (`{ $set: { 'address.$street': 'Elm Ave' } }`); there `$`, `$[]` and `$[id]` keep their
 * positional meaning. https://www.mongodb.com/docs/manual/core/dot-dollar-considerations/dollar-prefix/
 */
function checkUpdatePath(p: string): void {
  if (p === '') throw new MongoCommandError(56, 'EmptyFieldName', 'An empty update path is not valid.');
  // An empty part is a dot at either end or two dots in a row (checked on the string: every
  // statement of every update checks its paths).
  if (p.startsWith('.') || p.endsWith('.') || p.includes('..'))
    throw new MongoCommandError(
      56,
      'EmptyFieldName',
      `The update path '${p}' contains an empty field name, which is not allowed.`,
    );
  if (p.startsWith('$')) {
    const dot = p.indexOf('.');
    const bad = dot < 0 ? p : p.slice(0, dot);
    throw new MongoCommandError(
      52,
      'DollarPrefixedFieldName',
      `The dollar ($) prefixed field '${bad}' in '${p}' is not valid for storage.`,
    );
  }
}

/** Whether `path` names a field inside `above` (`a.b` inside `a`). */
const isBelow = (path: string, above: string): boolean =>
  path.length > above.length && path.charCodeAt(above.length) === 46 && path.startsWith(above);

/**
 * Applies an update to a private copy of a document and returns the new document. `$setOnInsert`
 * (absent from mingo) acts as `$set` only when the update inserts (upsert with no match).
 */
export function applyUpdate(
  doc: Doc,
  u: unknown,
  kind: UpdateKind,
  arrayFilters: Doc[] | undefined,
  inserting: boolean,
  filter: Doc = {},
  typed?: TypedInputs,
): Doc {
  const id = doc._id;
  let out: Doc;
  let typedMod: Doc | undefined;
  try {
    if (kind === 'replacement') {
      const repl = u as Doc;
      if (repl._id !== undefined && id !== undefined && !valuesEqual(repl._id, id)) throw idChanged();
      const { _id: _ignored, ...rest } = repl;
      out = id === undefined ? { ...repl } : { _id: id, ...rest };
    } else if (kind === 'pipeline') {
      // The pipeline reads stored int64 values and whole doubles with their types, and its
      // literals keep theirs, as an aggregation does.
      const input = typed ? (withAggregationTypes(doc, typed.old) as Doc) : doc;
      const pipeline = typed ? withTypedExpressions(u as Doc[], typed.update) : (u as Doc[]);
      const res = new Aggregator(pipeline, queryOptions).run([input]);
      out = res[0] ?? {};
    } else {
      const mod = withSetOnInsert(u as Doc, inserting);
      // Writing a DBRef's own fields: its DBRefs become the plain documents they are stored as.
      let dbRefWrites = false;
      for (const path of updatedPaths(mod)) dbRefWrites ||= writesDbRefField(path);
      if (dbRefWrites) {
        plainDbRefs(doc);
        if (typed) plainDbRefs(typed.old);
      }
      // Positional paths become concrete indexes first (see positional-paths.ts), so mingo only
      // ever sees plain dotted paths and needs neither the query nor the array filters.
      const positions = arrayFiltersOf(u, arrayFilters);
      const expanded = expandPositional(doc, mod, filter, positions);
      // The same paths over the update as sent (types intact), before `doc` changes below.
      if (typed)
        typedMod = expandPositional(doc, withSetOnInsert(typed.update as Doc, inserting), filter, positions);
      validateModifier(doc, expanded);
      const trie = pathTrie(updatedPaths(expanded));
      const before = snapshotKeys(doc, trie);
      createMissingPushTargets(doc, expanded);
      const { mod: withoutId, newId } = takeIdAssignment(doc, exactArithmetic(doc, expanded));
      const concrete = dedupeAddToSet(withoutId);
      if (Object.keys(concrete).length > 0) {
        mingoUpdate(doc, concrete, undefined, undefined, {
          cloneMode: 'copy',
          queryOptions: concrete.$pull !== undefined ? queryOptions : plainUpdateOptions,
        });
      }
      out = orderCreatedFields(doc, trie, before) as Doc;
      if (dbRefWrites) checkWrittenDbRefs(out, updatedPaths(concrete));
      if (newId !== undefined) out = { _id: newId, ...out };
    }
  } catch (err) {
    throw toCommandError(err);
  }
  if (id !== undefined && (out._id === undefined || !valuesEqual(out._id, id))) {
    if (kind === 'pipeline' && out._id === undefined) out = { _id: id, ...out };
    else throw idChanged();
  }
  // A pipeline computed on typed values: its result has its types (a plain number is an int32,
  // or a double when it has a fraction).
  if (!typed || kind === 'pipeline') return out;
  return retypeUpdated(out, typed.old, typedMod, kind === 'replacement' ? (typed.update as Doc) : undefined);
}

/**
 * The old document and the update decoded without promoting numbers, so that the result keeps
 * the BSON type of every value (see typed-update.ts).
 */
export type TypedInputs = { old: Doc; update: unknown };

/**
 * `_id` in `$set` (or `$setOnInsert` on an upsert): mongod accepts it when the document has no
 * `_id` yet (the upsert then inserts with it) or when the value is unchanged; mingo refuses any
 * write to `_id`, so the engine takes it out of the update and applies it itself. A different
 * value is refused below (66).
 */
function takeIdAssignment(doc: Doc, mod: Doc): { mod: Doc; newId?: unknown } {
  const set = mod.$set as Doc | undefined;
  if (!set || !('_id' in set)) return { mod };
  const { _id: value, ...rest } = set;
  if (doc._id !== undefined && !valuesEqual(doc._id, value)) throw idChanged();
  const out: Doc = { ...mod, $set: rest };
  if (Object.keys(rest).length === 0) delete out.$set;
  return { mod: out, newId: doc._id === undefined ? value : undefined };
}

/**
 * `$addToSet` with `$each` adds each value once (https://www.mongodb.com/docs/manual/reference/operator/update/addToSet/#-each-modifier),
 * also when the list repeats a value; mingo added repeats (e.g. on an upsert).
 */
function dedupeAddToSet(mod: Doc): Doc {
  const add = mod.$addToSet as Doc | undefined;
  if (!add) return mod;
  let changed = false;
  const next: Doc = {};
  for (const [path, operand] of Object.entries(add)) {
    const each = operand && typeof operand === 'object' ? (operand as Doc).$each : undefined;
    if (!Array.isArray(each)) {
      next[path] = operand;
      continue;
    }
    const unique: unknown[] = [];
    for (const v of each) if (!unique.some((u) => valuesEqual(u, v))) unique.push(v);
    changed ||= unique.length !== each.length;
    next[path] = { ...(operand as Doc), $each: unique };
  }
  return changed ? { ...mod, $addToSet: next } : mod;
}

/** `$setOnInsert` (absent from mingo) acts as `$set` only when the update inserts. */
function withSetOnInsert(u: Doc, inserting: boolean): Doc {
  const { $setOnInsert, ...ops } = u;
  const mod: Doc = { ...ops };
  if (inserting && $setOnInsert) mod.$set = { ...(mod.$set ?? {}), ...($setOnInsert as Doc) };
  return mod;
}

/** Every path a modifier writes: its fields, plus the targets of `$rename`. */
function* updatedPaths(mod: Doc): Generator<string> {
  for (const [op, arg] of Object.entries(mod)) {
    for (const [path, target] of Object.entries(arg as Doc)) {
      yield path;
      if (op === '$rename' && typeof target === 'string') yield target;
    }
  }
}

/** Parsed array filters, once per statement (an updateMany applies them to every document). */
const parsedFilters = new WeakMap<object, ReturnType<typeof parseArrayFilters>>();
function arrayFiltersOf(u: unknown, arrayFilters: Doc[] | undefined) {
  if (!arrayFilters) return parseArrayFilters(u, undefined);
  let parsed = parsedFilters.get(arrayFilters);
  if (!parsed) {
    parsed = parseArrayFilters(u, arrayFilters);
    parsedFilters.set(arrayFilters, parsed);
  }
  return parsed;
}

const idChanged = () =>
  immutableField("Performing an update on the path '_id' would modify the immutable field '_id'");
