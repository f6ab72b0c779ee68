import { collectionName, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import { runUpdateStatement, type UpdateOutcome } from './update-one-statement.js';
import { runStatements, statements, typedStatements, withWriteErrors } from './write-errors.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

const STATEMENT_FIELDS = new Set([
  'q',
  'u',
  'upsert',
  'multi',
  'arrayFilters',
  'hint',
  'collation',
  'c',
  'upsertSupplied',
]);

/**
 * One update statement (`{q, u, upsert, multi, arrayFilters, hint, collation, c}`) on `db.name`,
 * as the update command and bulkWrite's update ops both run it; `typed` is the same statement
 * decoded with its BSON types kept.
 */
export function runUpdateOp(
  ctx: CommandContext,
  db: string,
  name: string,
  stmt: Doc,
  typed: Doc | undefined,
  extra: { sort?: [string, number][] } = {},
): UpdateOutcome {
  if (stmt.collation !== undefined) checkCollation(stmt.collation);
  refuseLet('update', stmt.c);
  const existing = ctx.state.engine.collection(db, name);
  return runUpdateStatement(
    () => ctx.state.engine.ensure(db, name, ctx.log),
    existing,
    {
      filter: (stmt.q ?? {}) as Doc,
      update: stmt.u,
      multi: stmt.multi === true,
      upsert: stmt.upsert === true,
      arrayFilters: stmt.arrayFilters as Doc[] | undefined,
      sort: extra.sort,
      hint: existing ? hintName(ctx, stmt.hint, existing.indexes.values()) : undefined,
      typed: typed && { filter: (typed.q ?? {}) as Doc, update: typed.u },
    },
    ctx.log,
  );
}

/** `update` (https://www.mongodb.com/docs/manual/reference/command/update/). */
export const updateCommand: CommandDef = {
  options: ['updates', 'ordered', 'bypassDocumentValidation', 'let'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'update');
    const { docs } = statements(ctx, 'updates');
    const typed = typedStatements(ctx, 'updates');
    const ordered = ctx.body.ordered !== false;
    refuseLet('update', ctx.body.let);
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const errors = runStatements(docs, ordered, 'update.updates', STATEMENT_FIELDS, (stmt, i) => {
      const res = runUpdateOp(ctx, ctx.db, name, stmt, typed[i]);
      n += res.matched;
      nModified += res.modified;
      if (res.upsertedId !== undefined) {
        n++;
        upserted.push({ index: i, _id: res.upsertedId });
      }
    });
    const reply: Doc = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    return withWriteErrors(reply, errors);
  },
};
