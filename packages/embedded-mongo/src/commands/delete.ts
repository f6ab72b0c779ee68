import { badValue } from '../errors.js';
import { findMatches, type FindSpec } from '../query/find-docs.js';
import type { Collection } from '../storage/collection.js';
import { paced, writeInBatches } from './yielding-writes.js';
import { collectionName, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import {
  runStatements,
  runStatementsYielding,
  statements,
  typedStatements,
  withWriteErrors,
} from './write-errors.js';
import { withTypedFilter } from '../query/typed-pipeline.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

const STATEMENT_FIELDS = new Set(['q', 'limit', 'hint', 'collation']);

/** The checked parts of a delete statement (`{q, limit, hint, collation}`) on `db.name`. */
function prepareDelete(ctx: CommandContext, db: string, name: string, stmt: Doc, typedQ: () => unknown) {
  const limit = Number(stmt.limit ?? 0);
  if (limit !== 0 && limit !== 1)
    throw badValue(`The limit field in delete objects must be 0 or 1. Got ${String(limit)}`);
  if (stmt.collation !== undefined) checkCollation(stmt.collation);
  const coll = ctx.state.engine.collection(db, name);
  if (!coll) return undefined;
  const filter = withTypedFilter((stmt.q ?? {}) as Doc, typedQ);
  const hint = hintName(ctx, stmt.hint, coll.indexes.values());
  return { coll, spec: { filter, sort: [], skip: 0, limit, hint } satisfies FindSpec };
}

/** Removes the documents of `spec` that still match; returns how many it removed. */
function removeMatches(ctx: CommandContext, coll: Collection, spec: FindSpec): number {
  let n = 0;
  for (const m of findMatches(coll, spec).matches) {
    const doc = m.doc ?? coll.doc(m.rid);
    if (!doc) continue;
    coll.remove(m.rid, doc, ctx.log);
    n++;
  }
  return n;
}

/**
 * One delete statement on `db.name`, as the delete command and bulkWrite's delete ops both run
 * it; returns how many documents it removed.
 */
export function runDeleteOp(
  ctx: CommandContext,
  db: string,
  name: string,
  stmt: Doc,
  /** The filter decoded with its BSON types, for literals inside `$expr` (the command's own). */
  typedQ: () => unknown = () => undefined,
): number {
  const prepared = prepareDelete(ctx, db, name, stmt, typedQ);
  return prepared ? removeMatches(ctx, prepared.coll, prepared.spec) : 0;
}

/** runDeleteOp for a delete of every match (limit 0): pauses between batches (writeInBatches). */
export async function runDeleteManyOp(
  ctx: CommandContext,
  db: string,
  name: string,
  stmt: Doc,
  typedQ: () => unknown,
): Promise<number> {
  const prepared = prepareDelete(ctx, db, name, stmt, typedQ);
  if (!prepared) return 0;
  const { coll, spec } = prepared;
  let n = 0;
  await writeInBatches(ctx, coll, spec, (rids) => (n += removeMatches(ctx, coll, { ...spec, rids })));
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
    const typedQ = (i: number) => () => (typed ??= typedStatements(ctx, 'deletes'))[i]?.q;
    // A single delete of one document stays synchronous: its changes and reply are made in one
    // turn. A batch pauses for other connections between statements (a batch may hold 100,000).
    if (docs.length === 1 && Number(docs[0]?.limit ?? 0) === 1) {
      const errors = runStatements(docs, ordered, 'delete.deletes', STATEMENT_FIELDS, (stmt, i) => {
        n += runDeleteOp(ctx, ctx.db, name, stmt, typedQ(i));
      });
      return withWriteErrors({ n }, errors);
    }
    return paced(ctx, (pacer) =>
      runStatementsYielding(docs, ordered, 'delete.deletes', STATEMENT_FIELDS, async (stmt, i) => {
        n +=
          Number(stmt.limit ?? 0) === 0
            ? await runDeleteManyOp(ctx, ctx.db, name, stmt, typedQ(i))
            : runDeleteOp(ctx, ctx.db, name, stmt, typedQ(i));
        if (pacer.due()) await pacer.pause();
      }),
    ).then((errors) => withWriteErrors({ n }, errors));
  },
};
