import { update as mingoUpdate } from 'mingo/updater';
import { Aggregator } from 'mingo/aggregator';
import { MongoCommandError, failedToParse, immutableField, toCommandError } from '../errors.js';
import { valuesEqual } from '../bson/compare.js';
import { plainUpdateOptions, queryOptions } from './mingo-context.js';
import { validateModifier } from './update-validate.js';

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
      const clash = seen.find((s) => s === p || s.startsWith(`${p}.`) || p.startsWith(`${s}.`));
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
): Doc {
  const id = doc._id;
  let out: Doc;
  try {
    if (kind === 'replacement') {
      const repl = u as Doc;
      if (repl._id !== undefined && id !== undefined && !valuesEqual(repl._id, id)) throw idChanged();
      const { _id: _ignored, ...rest } = repl;
      out = id === undefined ? { ...repl } : { _id: id, ...rest };
    } else if (kind === 'pipeline') {
      const res = new Aggregator(u as Doc[], queryOptions).run([doc]);
      out = res[0] ?? {};
    } else {
      const { $setOnInsert, ...ops } = u as Doc;
      const mod: Doc = { ...ops };
      if (inserting && $setOnInsert) mod.$set = { ...(mod.$set ?? {}), ...($setOnInsert as Doc) };
      validateModifier(doc, mod);
      if (Object.keys(mod).length > 0) {
        const positional = usesPositional(mod);
        const readsQueries = positional || arrayFilters !== undefined || mod.$pull !== undefined;
        mingoUpdate(doc, mod, arrayFilters, positional ? filter : undefined, {
          cloneMode: 'copy',
          queryOptions: readsQueries ? queryOptions : plainUpdateOptions,
        });
      }
      out = doc;
    }
  } catch (err) {
    throw toCommandError(err);
  }
  if (id !== undefined && (out._id === undefined || !valuesEqual(out._id, id))) {
    if (kind === 'pipeline' && out._id === undefined) out = { _id: id, ...out };
    else throw idChanged();
  }
  return out;
}

/** The positional `$` needs the query to find its element; skip re-running the query otherwise. */
const usesPositional = (mod: Doc) =>
  Object.values(mod).some((arg) => Object.keys(arg as Doc).some((p) => /\.\$(\.|$)/.test(p)));

const idChanged = () =>
  immutableField("Performing an update on the path '_id' would modify the immutable field '_id'");
