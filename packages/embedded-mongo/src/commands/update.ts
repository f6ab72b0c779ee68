import { collectionName, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import { runUpdateStatement } from './update-one-statement.js';
import { runStatements, statements, typedStatements, withWriteErrors } from './write-errors.js';
import type { CommandDef, Doc } from './types.js';

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
      if (stmt.collation !== undefined) checkCollation(stmt.collation);
      refuseLet('update', stmt.c);
      const existing = ctx.state.engine.collection(ctx.db, name);
      const res = runUpdateStatement(
        () => ctx.state.engine.ensure(ctx.db, name, ctx.log),
        existing,
        {
          filter: (stmt.q ?? {}) as Doc,
          update: stmt.u,
          multi: stmt.multi === true,
          upsert: stmt.upsert === true,
          arrayFilters: stmt.arrayFilters as Doc[] | undefined,
          hint: existing ? hintName(ctx, stmt.hint, existing.indexes.values()) : undefined,
          typed: typed[i] && { filter: (typed[i].q ?? {}) as Doc, update: typed[i].u },
        },
        ctx.log,
      );
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
