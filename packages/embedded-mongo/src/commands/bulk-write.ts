import { Double, Long } from 'bson';
import { MongoCommandError, failedToParse, toCommandError } from '../errors.js';
import { parseSort } from '../query/sort.js';
import { batchEnd } from './batching.js';
import { sessionOf } from '../cursors/cursor-session.js';
import { parseNsInfo, parseOps, type BulkOp } from './bulk-write-ops.js';
import { runDeleteManyOp, runDeleteOp } from './delete.js';
import { checkWritableNamespace } from './system-namespaces.js';
import { MAX_WRITE_BATCH_SIZE } from './handshake.js';
import { insertOneDoc } from './insert.js';
import { docOption, numberOption, refuseLet, refuseOutsideAdmin } from './options.js';
import { runMultiUpdate, runUpdateOp } from './update.js';
import type { UpdateOutcome } from './update-one-statement.js';
import { rethrowInterruption } from './write-errors.js';
import { paced, type WritePacer } from './yielding-writes.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

const CURSOR_NS = 'admin.$cmd.bulkWrite';

type Summary = {
  nErrors: number;
  nInserted: number;
  nMatched: number;
  nModified: number;
  nUpserted: number;
  nDeleted: number;
};

/**
 * One op's success reply item and what it adds to the summary counts. An update or delete with
 * `multi` pauses for other connections between batches of documents, as the update and delete
 * commands' do (writeInBatches); other ops run in one turn and answer at once, without a promise
 * (six awaited promises per submit cost more than the submit's insert).
 */
function runOp(ctx: CommandContext, op: BulkOp, sum: Summary): Doc | Promise<Doc> {
  const { db, coll } = op.ns;
  if (op.kind === 'insert') {
    checkWritableNamespace(db, coll);
    insertOneDoc(ctx, db, coll, op.document, op.raw);
    sum.nInserted++;
    return { n: 1 };
  }
  if (op.kind === 'delete') {
    const { filter, multi, hint, collation } = op.op;
    const stmt = { q: filter, limit: multi === true ? 0 : 1, hint, collation };
    const typedQ = () => op.typed?.filter;
    const deleted = (n: number) => {
      sum.nDeleted += n;
      return { n };
    };
    return multi === true
      ? runDeleteManyOp(ctx, db, coll, stmt, typedQ).then(deleted)
      : deleted(runDeleteOp(ctx, db, coll, stmt, typedQ));
  }
  const { filter, updateMods, multi, upsert, arrayFilters, hint, collation, constants, sort } = op.op;
  if (sort !== undefined && multi === true) throw failedToParse('Cannot specify sort with multi=true');
  if (constants !== undefined && !Array.isArray(updateMods))
    throw new MongoCommandError(
      51198,
      'Location51198',
      'Constant values may only be specified for pipeline updates',
    );
  const stmt = { q: filter, u: updateMods, multi, upsert, arrayFilters, hint, collation, c: constants };
  const typed = op.typed && { q: op.typed.filter, u: op.typed.updateMods };
  return multi === true
    ? runMultiUpdate(ctx, db, coll, stmt, typed).then((res) => updated(res, sum))
    : updated(
        runUpdateOp(ctx, db, coll, stmt, typed, { sort: sort === undefined ? undefined : parseSort(sort) }),
        sum,
      );
}

/** An update op's reply item, its outcome added to the summary counts. */
function updated(res: UpdateOutcome, sum: Summary): Doc {
  sum.nModified += res.modified;
  if (res.upsertedId !== undefined) {
    sum.nUpserted++;
    return { n: 1, nModified: res.modified, upserted: { _id: res.upsertedId } };
  }
  sum.nMatched += res.matched;
  return { n: res.matched, nModified: res.modified };
}

/** mongod's failed-op item: code, message and the error's extra fields (keyPattern…), then n: 0. */
function errorItem(idx: number, op: BulkOp, err: unknown): Doc {
  const e = toCommandError(err);
  return {
    ok: new Double(0),
    idx,
    code: e.code,
    errmsg: e.message,
    ...e.extra,
    n: 0,
    ...(op.kind === 'update' ? { nModified: 0 } : {}),
  };
}

/**
 * `bulkWrite` (MongoDB 8.0, https://www.mongodb.com/docs/manual/reference/command/bulkWrite/):
 * inserts, updates and deletes on any namespaces in one command, run against `admin`. Each op runs
 * the same code as the single-collection write commands; all its changes share one change log, so
 * the whole command costs one journal commit (and at most one fsync) before it is acknowledged,
 * unless it runs long enough to pause for other connections between ops (WritePacer, which hands
 * the changes so far to the journal before each pause). An interruption (maxTimeMS) fails the
 * whole command, as in the other write commands.
 */
export const bulkWriteCommand: CommandDef = {
  options: ['ops', 'nsInfo', 'ordered', 'errorsOnly', 'bypassDocumentValidation', 'let', 'cursor'],
  write: true,
  async run(ctx) {
    refuseOutsideAdmin(ctx);
    const nsInfo = parseNsInfo(ctx);
    const ops = parseOps(ctx, nsInfo);
    if (ops.length === 0 || ops.length > MAX_WRITE_BATCH_SIZE)
      throw new MongoCommandError(
        16,
        'InvalidLength',
        `Write batch sizes must be between 1 and ${String(MAX_WRITE_BATCH_SIZE)}. Got ${String(ops.length)} operations.`,
      );
    refuseLet('bulkWrite', ctx.body.let);
    const batchSize = numberOption(docOption(ctx.body, 'cursor') ?? {}, 'batchSize', Infinity);
    const ordered = ctx.body.ordered !== false;
    const errorsOnly = ctx.body.errorsOnly === true;
    const sum: Summary = { nErrors: 0, nInserted: 0, nMatched: 0, nModified: 0, nUpserted: 0, nDeleted: 0 };
    const items: Doc[] = [];
    const runAll = async (pacer: WritePacer) => {
      for (let idx = 0; idx < ops.length; idx++) {
        const op = ops[idx] as BulkOp;
        try {
          const pending = runOp(ctx, op, sum);
          const counts = pending instanceof Promise ? await pending : pending;
          if (!errorsOnly) items.push({ ok: new Double(1), idx, ...counts });
        } catch (err) {
          rethrowInterruption(err);
          sum.nErrors++;
          items.push(errorItem(idx, op, err));
          if (ordered) break;
        }
        if (pacer.due()) await pacer.pause();
      }
    };
    await paced(ctx, runAll);
    // Replies beyond the first batch wait on a server cursor, as any cursor's do.
    const end = batchEnd(items, 0, batchSize);
    const id =
      end < items.length
        ? ctx.state.cursors.open(CURSOR_NS, items, end, { session: sessionOf(ctx.body.lsid) })
        : 0n;
    return {
      cursor: { id: Long.fromBigInt(id), firstBatch: items.slice(0, end), ns: CURSOR_NS },
      ...sum,
    };
  },
};
