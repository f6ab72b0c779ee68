import { MongoCommandError } from '../errors.js';
import type { CommandDef, Doc, ServerState } from './types.js';

/** One counter of mongod's `top`: microseconds spent and operations counted. */
type Usage = { time: number; count: number };

const CATEGORIES = [
  'total',
  'readLock',
  'writeLock',
  'queries',
  'getmore',
  'insert',
  'update',
  'remove',
  'commands',
] as const;
type Category = (typeof CATEGORIES)[number];
type NamespaceUsage = Record<Category, Usage>;

/** The category of mongod's Top each command counts under (others: `commands`). */
const CATEGORY_OF = new Map<string, Category>([
  ['find', 'queries'],
  ['getMore', 'getmore'],
  ['insert', 'insert'],
  ['update', 'update'],
  ['delete', 'remove'],
]);

/** Per-engine usage by database, then collection (no namespace string built per command). */
const usageByEngine = new WeakMap<ServerState, Map<string, Map<string, NamespaceUsage>>>();

const fresh = (): NamespaceUsage =>
  Object.fromEntries(CATEGORIES.map((c) => [c, { time: 0, count: 0 }])) as NamespaceUsage;

/**
 * Counts a command that named a collection (`{find: "c"}` counts under `db.c`), as mongod's Top
 * counts operations per namespace: in `total`, in `readLock` or `writeLock`, and in its kind.
 */
export function recordUsage(
  state: ServerState,
  db: string,
  name: string,
  body: Doc,
  write: boolean,
  micros: number,
): void {
  const coll = body[name];
  if (typeof coll !== 'string' || coll === '') return;
  let byDb = usageByEngine.get(state);
  if (!byDb) {
    byDb = new Map();
    usageByEngine.set(state, byDb);
  }
  let byColl = byDb.get(db);
  if (!byColl) {
    byColl = new Map();
    byDb.set(db, byColl);
  }
  let usage = byColl.get(coll);
  if (!usage) {
    usage = fresh();
    byColl.set(coll, usage);
  }
  // Three counters, without building a list per command (this runs for every command).
  add(usage.total, micros);
  add(write ? usage.writeLock : usage.readLock, micros);
  add(usage[CATEGORY_OF.get(name) ?? 'commands'], micros);
}

function add(u: Usage, micros: number): void {
  u.time += micros;
  u.count++;
}

/** `top` (https://www.mongodb.com/docs/manual/reference/command/top/), run against admin. */
export const topCommand: CommandDef = {
  options: [],
  run(ctx) {
    if (ctx.db !== 'admin')
      throw new MongoCommandError(13, 'Unauthorized', 'top may only be run against the admin database.');
    const totals: Doc = { note: 'all times in microseconds' };
    const byNs: [string, NamespaceUsage][] = [];
    for (const [db, byColl] of usageByEngine.get(ctx.state) ?? [])
      for (const [coll, usage] of byColl) byNs.push([`${db}.${coll}`, usage]);
    for (const [ns, usage] of byNs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const out: Doc = {};
      for (const c of CATEGORIES) out[c] = { time: Math.round(usage[c].time), count: usage[c].count };
      totals[ns] = out;
    }
    return { totals };
  },
};

/**
 * A collection's operation latencies as `$collStats: {latencyStats: {}}` reports them, from the
 * same counters as `top`: finds and getMores are reads, inserts, updates and deletes writes, the
 * other commands naming the collection commands (histograms are not kept).
 */
export function latencyStats(state: ServerState, db: string, coll: string): Doc {
  const usage = usageByEngine.get(state)?.get(db)?.get(coll) ?? fresh();
  const sum = (...cs: Category[]) => ({
    latency: Math.round(cs.reduce((t, c) => t + usage[c].time, 0)),
    ops: cs.reduce((n, c) => n + usage[c].count, 0),
  });
  return {
    reads: sum('queries', 'getmore'),
    writes: sum('insert', 'update', 'remove'),
    commands: sum('commands'),
    transactions: { latency: 0, ops: 0 },
  };
}
