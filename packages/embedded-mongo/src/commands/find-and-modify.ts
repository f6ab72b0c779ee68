import { failedToParse } from '../errors.js';
import { docWithTypes, findMatches, findMatchesYielding } from '../query/find-docs.js';
import { YIELD_EVERY_DOCS } from '../server/yielding.js';
import { project } from '../query/projection.js';
import { checkProjection } from '../query/projection-check.js';
import { parseSort } from '../query/sort.js';
import { collectionName, docOption, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import { runUpdateStatement } from './update-one-statement.js';
import { withTypedFilter, withTypedProjection } from '../query/typed-pipeline.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

function shape(doc: Doc | undefined, filter: Doc, fields: Doc | undefined): Doc | null {
  if (!doc) return null;
  return fields && Object.keys(fields).length ? (project([doc], filter, fields)[0] ?? null) : doc;
}

/** The command's arguments, checked before any document is read. */
function parse(ctx: CommandContext) {
  const name = collectionName(ctx.body, 'findAndModify');
  const b = ctx.body;
  const filter = withTypedFilter(docOption(b, 'query') ?? {}, () => ctx.typedBody().query);
  const sort = parseSort(b.sort);
  const fields = withTypedProjection(docOption(b, 'fields'), () => ctx.typedBody().fields);
  if (fields) checkProjection(fields);
  const remove = b.remove === true;
  if (b.collation !== undefined) checkCollation(b.collation);
  refuseLet('findAndModify', b.let);
  if (remove && b.update !== undefined) throw failedToParse('Cannot specify both an update and remove=true');
  if (!remove && b.update === undefined)
    throw failedToParse('Either an update or remove=true must be specified');
  if (remove && b.upsert === true) throw failedToParse('Cannot specify both upsert=true and remove=true');
  if (remove && b.new === true)
    throw failedToParse(
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  const existing = ctx.state.engine.collection(ctx.db, name);
  const hint = existing ? hintName(ctx, b.hint, existing.indexes.values()) : undefined;
  return { name, b, filter, sort, fields, remove, existing, hint };
}

type Args = ReturnType<typeof parse>;

/**
 * Finds and modifies the document in one turn; `candidate` (a record id a yielding scan found,
 * still matching) replaces the search when given.
 */
function modify(ctx: CommandContext, args: Args, candidate?: readonly number[]): Doc {
  const { name, b, filter, sort, fields, remove, existing, hint } = args;
  if (remove) {
    if (!existing) return { lastErrorObject: { n: 0 }, value: null };
    const m = findMatches(existing, { filter, sort, skip: 0, limit: 1, hint, rids: candidate }).matches[0];
    const raw = m && existing.raw(m.rid);
    const doc = m && raw ? (m.doc ?? existing.doc(m.rid)) : undefined;
    if (!m || !raw || !doc) return { lastErrorObject: { n: 0 }, value: null };
    existing.remove(m.rid, doc, ctx.log);
    return { lastErrorObject: { n: 1 }, value: shape(docWithTypes(raw, doc), filter, fields) };
  }
  const res = runUpdateStatement(
    () => ctx.state.engine.ensure(ctx.db, name, ctx.log),
    existing,
    {
      filter,
      update: b.update,
      multi: false,
      upsert: b.upsert === true,
      sort,
      hint,
      rids: candidate,
      arrayFilters: b.arrayFilters as Doc[] | undefined,
      typed: { filter: (ctx.typedBody().query ?? {}) as Doc, update: ctx.typedBody().update },
    },
    ctx.log,
  );
  const lastErrorObject: Doc = {
    n: res.matched || (res.upsertedId !== undefined ? 1 : 0),
    updatedExisting: res.matched > 0,
  };
  if (res.upsertedId !== undefined) lastErrorObject.upserted = res.upsertedId;
  const before = res.beforeRaw && docWithTypes(res.beforeRaw, res.before);
  const value = b.new === true ? res.after : res.upsertedId !== undefined ? undefined : before;
  return { lastErrorObject, value: shape(value, filter, fields) };
}

/**
 * On a large collection the document is first looked for with pauses for other connections
 * (findMatchesYielding: a sort or a long scan would hold the event loop otherwise), then tested
 * against the filter again and modified in one turn. Changed meanwhile so that it no longer
 * matches (or its collection dropped), it is looked for again in one go, as mongod's update stage
 * moves on past a document that stopped matching during a yield.
 */
async function run(ctx: CommandContext): Promise<Doc> {
  const args = parse(ctx);
  const { existing: coll, filter, sort, hint } = args;
  if (!coll || coll.size <= YIELD_EVERY_DOCS) return modify(ctx, args);
  const spec = { filter, sort, skip: 0, limit: 1, hint };
  const found = (await findMatchesYielding(coll, spec, { decode: false })).matches[0];
  // Record ids mean something only in the collection object they were read from.
  if (ctx.state.engine.collection(ctx.db, args.name) !== coll) return modify(ctx, parse(ctx));
  if (!found) return modify(ctx, args, []);
  const stillMatches = findMatches(coll, { ...spec, sort: [], rids: [found.rid] }).matches.length === 1;
  return modify(ctx, args, stillMatches ? [found.rid] : undefined);
}

/** `findAndModify` (https://www.mongodb.com/docs/manual/reference/command/findAndModify/). */
export const findAndModifyCommand: CommandDef = {
  options: [
    'query',
    'sort',
    'remove',
    'update',
    'new',
    'fields',
    'upsert',
    'arrayFilters',
    'bypassDocumentValidation',
    'collation',
    'hint',
    'let',
  ],
  write: true,
  run,
};
