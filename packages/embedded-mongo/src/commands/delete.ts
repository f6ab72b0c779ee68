import { badValue } from '../errors.js';
import { findMatches } from '../query/find-docs.js';
import { collectionName, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import { runStatements, statements, typedStatements, withWriteErrors } from './write-errors.js';
import { withTypedFilter } from '../query/typed-pipeline.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

const STATEMENT_FIELDS = new Set(['q', 'limit', 'hint', 'collation']);

/**
 * One delete statement (`{q, limit, hint, collation}`) on `db.name`, as the delete command and
 * bulkWrite's delete ops both run it; returns how many documents it removed.
 */
export function runDeleteOp(
  ctx: CommandContext,
  db: string,
  name: string,
  stmt: Doc,
  /** The filter decoded with its BSON types, for literals inside `$expr` (the command's own). */
  typedQ: () => unknown = () => undefined,
): number {
  const limit = Number(stmt.limit ?? 0);
  if (limit !== 0 && limit !== 1)
    throw badValue(`The limit field in delete objects must be 0 or 1. Got ${String(limit)}`);
  if (stmt.collation !== undefined) checkCollation(stmt.collation);
  const coll = ctx.state.engine.collection(db, name);
  if (!coll) return 0;
  const filter = withTypedFilter((stmt.q ?? {}) as Doc, typedQ);
  const hint = hintName(ctx, stmt.hint, coll.indexes.values());
  const { matches } = findMatches(coll, { filter, sort: [], skip: 0, limit, hint });
  let n = 0;
  for (const m of matches) {
    const doc = m.doc ?? coll.doc(m.rid);
    if (!doc) continue;
    coll.remove(m.rid, doc, ctx.log);
    n++;
  }
  return n;
}

/** `delete` (https://www.mongodb.com/docs/manual/reference/command/delete/): limit 0 = all matches, 1 = one. */
export const deleteCommand: CommandDef = {
  options: ['deletes', 'ordered', 'let'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'delete');
    const { docs } = statements(ctx, 'deletes');
    const ordered = ctx.body.ordered !== false;
    refuseLet('delete', ctx.body.let);
    let n = 0;
    let typed: Doc[] | undefined;
    const errors = runStatements(docs, ordered, 'delete.deletes', STATEMENT_FIELDS, (stmt, i) => {
      n += runDeleteOp(ctx, ctx.db, name, stmt, () => (typed ??= typedStatements(ctx, 'deletes'))[i]?.q);
    });
    return withWriteErrors({ n }, errors);
  },
};
