import { failedToParse } from '../errors.js';
import { collectionName, refuseLet } from './options.js';
import { checkCollation, hintName } from './find.js';
import { runUpdateStatement, type UpdateOutcome } from './update-one-statement.js';
import {
  runStatements,
  runStatementsYielding,
  statements,
  typedStatements,
  withWriteErrors,
} from './write-errors.js';
import { paced, writeInBatches } from './yielding-writes.js';
import { withTypedFilter } from '../query/typed-pipeline.js';
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
 * `upsertSupplied: true` (sent by mongos: the upsert inserts the document given as the constant
 * `c.new`) is checked as mongod parses it (9 FailedToParse without `upsert`, or without a `c.new`
 * document); a statement that passes carries constants (`c`), which the engine refuses.
 */
function checkUpsertSupplied(stmt: Doc): void {
  if (stmt.upsertSupplied !== true) return;
  if (stmt.upsert !== true)
    throw failedToParse("cannot specify 'upsertSupplied: true' for a non-upsert operation");
  const supplied = (stmt.c as Doc | undefined)?.new;
  if (supplied === null || typeof supplied !== 'object' || Array.isArray(supplied))
    throw failedToParse("the parameter 'upsertSupplied' is set to 'true', but no document was supplied");
}

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
  extra: { sort?: [string, number][]; rids?: readonly number[] } = {},
): UpdateOutcome {
  if (stmt.collation !== undefined) checkCollation(stmt.collation);
  checkUpsertSupplied(stmt);
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
      rids: extra.rids,
      hint: existing ? hintName(ctx, stmt.hint, existing.indexes.values()) : undefined,
      typed: typed && { filter: (typed.q ?? {}) as Doc, update: typed.u },
    },
    ctx.log,
  );
}

/**
 * A `multi` update statement, pausing for other connections between batches of documents (see
 * writeInBatches). The statement is first run over no document, so that a bad update, array
 * filter or filter is refused as before, before any work; an upsert whose batches matched nothing
 * then inserts.
 */
export async function runMultiUpdate(
  ctx: CommandContext,
  db: string,
  name: string,
  stmt: Doc,
  typed: Doc | undefined,
): Promise<UpdateOutcome> {
  checkUpsertSupplied(stmt);
  // The batches never insert: the whole statement runs again below when nothing matched.
  const batch = { ...stmt, upsert: false, upsertSupplied: undefined };
  const total = runUpdateOp(ctx, db, name, batch, typed, { rids: [] });
  const coll = ctx.state.engine.collection(db, name);
  if (coll) {
    const spec = {
      filter: withTypedFilter((stmt.q ?? {}) as Doc, () => typed?.q),
      sort: [],
      skip: 0,
      limit: 0,
      hint: hintName(ctx, stmt.hint, coll.indexes.values()),
    };
    await writeInBatches(ctx, coll, spec, (rids) => {
      const res = runUpdateOp(ctx, db, name, batch, typed, { rids });
      total.matched += res.matched;
      total.modified += res.modified;
    });
  }
  // Nothing matched: the upsert inserts, without scanning again (as a mongod upsert, not atomic
  // with inserts made meanwhile by others).
  const upsert = () => runUpdateOp(ctx, db, name, stmt, typed, { rids: [] });
  return total.matched === 0 && stmt.upsert === true ? upsert() : total;
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
    const count = (res: UpdateOutcome, i: number) => {
      n += res.matched;
      nModified += res.modified;
      if (res.upsertedId !== undefined) {
        n++;
        upserted.push({ index: i, _id: res.upsertedId });
      }
    };
    const reply = (errors: Doc[]) => {
      const out: Doc = { n, nModified };
      if (upserted.length) out.upserted = upserted;
      return withWriteErrors(out, errors);
    };
    // A single single-document update stays synchronous: its changes and reply are made in one
    // turn. A batch pauses for other connections between statements (a batch may hold 100,000).
    if (docs.length === 1 && docs[0]?.multi !== true)
      return reply(
        runStatements(docs, ordered, 'update.updates', STATEMENT_FIELDS, (stmt, i) =>
          count(runUpdateOp(ctx, ctx.db, name, stmt, typed[i]), i),
        ),
      );
    return paced(ctx, (pacer) =>
      runStatementsYielding(docs, ordered, 'update.updates', STATEMENT_FIELDS, async (stmt, i) => {
        count(
          stmt.multi === true
            ? await runMultiUpdate(ctx, ctx.db, name, stmt, typed[i])
            : runUpdateOp(ctx, ctx.db, name, stmt, typed[i]),
          i,
        );
        if (pacer.due()) await pacer.pause();
      }),
    ).then(reply);
  },
};
