import { Query } from 'mingo/query';
import { MongoCommandError, badValue } from '../errors.js';
import { queryOptions } from '../query/mingo-context.js';
import type { CommandDef, Doc, ServerState } from './types.js';

const unauthorized = (msg: string) => new MongoCommandError(13, 'Unauthorized', msg);

/**
 * `currentOp` (https://www.mongodb.com/docs/manual/reference/command/currentOp/), run against
 * admin. The engine runs one command at a time on its event loop, so the one running when
 * currentOp answers is currentOp itself: `inprog` lists it (as mongod lists the currentOp
 * operation among the active ones), filtered by the command's other fields as mongod filters.
 */
export const currentOpCommand: CommandDef = {
  options: [],
  acceptsUnknownFields: true,
  run(ctx) {
    if (ctx.db !== 'admin') throw unauthorized('currentOp may only be run against the admin database.');
    const filter: Doc = {};
    for (const [key, value] of Object.entries(ctx.body)) {
      if (key === 'currentOp' || key === '$all' || key === '$ownOps' || key.startsWith('$') || key === 'lsid')
        continue;
      if (key === 'apiVersion' || key === 'apiStrict' || key === 'apiDeprecationErrors' || key === 'comment')
        continue;
      filter[key] = value;
    }
    const command: Doc = { ...ctx.body };
    delete command.lsid;
    const self: Doc = {
      type: 'op',
      host: 'localhost',
      desc: `conn${String(ctx.connectionId)}`,
      connectionId: ctx.connectionId,
      active: true,
      currentOpTime: new Date().toISOString(),
      opid: ctx.connectionId,
      secs_running: 0,
      microsecs_running: 0,
      op: 'command',
      ns: 'admin.$cmd.aggregate',
      command,
      numYields: 0,
      waitingForLock: false,
      locks: {},
    };
    const query = new Query(filter, queryOptions);
    return { inprog: [self].filter((op) => query.test(op)) };
  },
};

/** The profiler settings a `profile` command reads and sets, per engine (mongod's defaults). */
type ProfileSettings = { slowms: number; sampleRate: number };
const settingsByEngine = new WeakMap<ServerState, ProfileSettings>();

/**
 * `profile` (https://www.mongodb.com/docs/manual/reference/command/profile/): level -1 reads the
 * settings, level 0 (profiler off, the engine's only level) also sets `slowms` and `sampleRate`;
 * both answer `was` (0), `slowms` and `sampleRate` as mongod does. The engine keeps no
 * system.profile collection, so levels 1 and 2 are refused rather than accepted and ignored.
 */
export const profileCommand: CommandDef = {
  options: ['slowms', 'sampleRate', 'filter'],
  run(ctx) {
    const level = ctx.body.profile;
    if (typeof level !== 'number' || !Number.isInteger(level) || level < -1 || level > 2)
      throw badValue('Invalid profiling level');
    if (level > 0) throw badValue('profiling levels 1 and 2 are not supported by the embedded engine');
    const settings = settingsByEngine.get(ctx.state) ?? { slowms: 100, sampleRate: 1.0 };
    const reply = { was: 0, slowms: settings.slowms, sampleRate: settings.sampleRate };
    if (level === 0) {
      const { slowms, sampleRate } = ctx.body;
      if (slowms !== undefined && typeof slowms !== 'number') throw badValue("'slowms' must be a number");
      if (sampleRate !== undefined && (typeof sampleRate !== 'number' || sampleRate < 0 || sampleRate > 1))
        throw badValue("'sampleRate' must be between 0.0 and 1.0 inclusive");
      settingsByEngine.set(ctx.state, {
        slowms: typeof slowms === 'number' ? Math.trunc(slowms) : settings.slowms,
        sampleRate: typeof sampleRate === 'number' ? sampleRate : settings.sampleRate,
      });
    }
    return reply;
  },
};
