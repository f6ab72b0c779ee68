import { Long } from 'bson';
import { MongoCommandError, badValue, cursorNotFound, typeMismatch } from '../errors.js';
import { encodeCursorReply } from '../wire/cursor-reply.js';
import { batchEnd } from './batching.js';
import { countOption } from './options.js';
import { planKilled } from '../cursors/killed-plans.js';
import { checkGetMoreSession, sessionOf } from '../cursors/cursor-session.js';
import type { CommandDef, Doc } from './types.js';

/** Cursor ids arrive as int64; bson may hand them to us as Long, bigint or (small) number. */
function cursorId(v: unknown): bigint {
  if (v instanceof Long) return v.toBigInt();
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  throw typeMismatch("BSON field 'getMore.getMore' is the wrong type, expected type 'long'");
}

export const getMoreCommand: CommandDef = {
  options: ['collection', 'batchSize', 'maxTimeMS', 'term', 'lastKnownCommittedOpTime'],
  run(ctx) {
    const id = cursorId(ctx.body.getMore);
    // Parsed with the command, before its cursor is looked up, as mongod parses it.
    const batchSize = countOption(ctx.body, 'batchSize', 'getMore.batchSize', 0);
    const cursor = ctx.state.cursors.get(id);
    if (!cursor) throw cursorNotFound(id);
    checkGetMoreSession(id, cursor.session, sessionOf(ctx.body.lsid));
    const expectedNs = `${ctx.db}.${String(ctx.body.collection)}`;
    if (cursor.ns !== expectedNs) {
      throw new MongoCommandError(
        13,
        'Unauthorized',
        `Requested getMore on namespace '${expectedNs}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    // A getMore's maxTimeMS is how long an awaitData cursor waits for new documents; mongod refuses
    // it on any other cursor, leaving the cursor open. The engine has no capped collections, so no
    // tailable cursor, so none of its cursors await data.
    if (ctx.body.maxTimeMS !== undefined && ctx.body.maxTimeMS !== null)
      throw badValue('cannot set maxTimeMS on getMore command for a non-awaitData cursor');
    const killed = cursor.source && planKilled(ctx.state.engine, cursor.source);
    if (killed) {
      ctx.state.cursors.kill(id);
      throw killed;
    }
    const end = batchEnd(cursor.items, cursor.pos, batchSize > 0 ? batchSize : Infinity);
    const batch = cursor.items.slice(cursor.pos, end);
    cursor.pos = end;
    const done = end >= cursor.items.length;
    if (done) ctx.state.cursors.kill(id);
    return encodeCursorReply(cursor.ns, done ? 0n : id, batch, false);
  },
};

export const killCursorsCommand: CommandDef = {
  options: ['cursors'],
  run(ctx) {
    const ids = ctx.body.cursors;
    if (!Array.isArray(ids))
      throw typeMismatch("BSON field 'killCursors.cursors' is missing or not an array");
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of ids) {
      const id = cursorId(raw);
      (ctx.state.cursors.kill(id) ? killed : notFound).push(Long.fromBigInt(id));
    }
    const reply: Doc = {
      cursorsKilled: killed,
      cursorsNotFound: notFound,
      cursorsAlive: [],
      cursorsUnknown: [],
    };
    return reply;
  },
};
