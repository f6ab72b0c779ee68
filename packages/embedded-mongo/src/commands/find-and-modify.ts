import { failedToParse } from '../errors.js';
import { docWithTypes, findMatches } from '../query/find-docs.js';
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

function run(ctx: CommandContext): Doc {
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
  if (remove) {
    if (!existing) return { lastErrorObject: { n: 0 }, value: null };
    const m = findMatches(existing, { filter, sort, skip: 0, limit: 1, hint }).matches[0];
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
