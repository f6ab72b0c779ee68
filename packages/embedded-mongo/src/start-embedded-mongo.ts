import { StorageEngine } from './storage/engine.js';
import { CursorStore } from './cursors/cursor-store.js';
import { startTtlSweeper } from './storage/ttl-sweeper.js';
import { listen } from './server/tcp-server.js';
import {
  newConnectionCounters,
  resolveConnectionLimits,
  type ConnectionCounters,
} from './server/connection-limits.js';
import { rebuildCatalog } from './server/recover.js';
import { openDurableStore, type DurableStoreStats, type RecoveryReport } from './persistence/index.js';
import type { ServerState } from './commands/types.js';
import { EngineChanges, type Durability } from './storage/change-log.js';
import type { CollectionStats } from './storage/collection.js';
import { serverProfile } from './commands/server-version.js';

export type EmbeddedMongoOptions = {
  /** TCP port on 127.0.0.1; 0 or absent picks a free one. Ignored when socketPath is given. */
  port?: number;
  /**
   * Listen on this Unix socket file (mode 0600) instead of TCP, so that only the owner's account
   * can connect. The URI is then `mongodb://<percent-encoded path>/`, as the driver expects.
   */
  socketPath?: string;
  /** Data directory; absent keeps everything in memory. */
  dbPath?: string;
  /** TTL monitor period in ms (mongod: 60 000). Tests shorten it. */
  ttlIntervalMs?: number;
  /** With dbPath: minimum spacing of journal fsyncs in ms (the store's group-commit window). */
  groupCommitMs?: number;
  /** Idle server cursors are closed after this many ms (mongod: 10 minutes). */
  cursorTimeoutMs?: number;
  /** Connections beyond this many are closed at once, as mongod's maxIncomingConnections (1000). */
  maxConnections?: number;
  /**
   * A client connection silent for this many ms is closed (default 30 minutes; 0 = never). Keep it
   * above the driver's heartbeatFrequencyMS (10 s) and, to rule out any race, above its maxIdleTimeMS.
   */
  idleTimeoutMs?: number;
  /**
   * The MongoDB release to answer as: "8.0" (default: wire version 25, has `bulkWrite`) or "7.0"
   * (wire version 21, `bulkWrite` is CommandNotFound), to test an application's fallback.
   */
  serverVersion?: string;
};

export type EmbeddedMongo = {
  uri: string;
  /** The TCP port; 0 when listening on a Unix socket. */
  port: number;
  stop(): Promise<void>;
  /** Documents/keys examined per collection since start, to verify index use in tests and benches. */
  stats(db: string, collection: string): CollectionStats | undefined;
  /** Total BSON size of all stored documents, in bytes. */
  dataSize(): number;
  /** Open, refused, idle-closed and back-pressured client connections. */
  connections(): Readonly<ConnectionCounters>;
  /** With dbPath: what recovery found at start (snapshot, frames replayed, a damaged tail cut). */
  recovery?: RecoveryReport;
  /** With dbPath: journal counters (commits, fdatasyncs: group commit makes fsyncs < commits). */
  storeStats?: () => DurableStoreStats;
};

/**
 * The bound on how long an acknowledged write waits for its fsync. 0 = classic group commit: a
 * flush starts as soon as the previous one ends, and every write that arrived meanwhile shares it,
 * so no write waits longer than one fsync (well under 100 ms) and concurrent writers still batch.
 * A larger value spaces flushes that far apart (fewer fsyncs, but a lone sequential client then
 * gets about 1000/value writes per second).
 */
const DEFAULT_GROUP_COMMIT_MS = 0;

const MEMORY_ONLY: Durability = { commit: () => Promise.resolve() };

export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const limits = resolveConnectionLimits(options);
  const profile = serverProfile(options.serverVersion);
  const engine = new StorageEngine();
  let durability: Durability = MEMORY_ONLY;
  let closeStore: () => Promise<void> = () => Promise.resolve();
  let recovery: RecoveryReport | undefined;
  let storeStats: (() => DurableStoreStats) | undefined;
  if (options.dbPath) {
    const store = await openDurableStore({
      dbPath: options.dbPath,
      groupCommitMs: options.groupCommitMs ?? DEFAULT_GROUP_COMMIT_MS,
    });
    // The recovered catalog is live: rebuild before the first commit.
    rebuildCatalog(engine, store.state);
    recovery = store.recovery;
    storeStats = () => store.stats();
    durability = store;
    closeStore = () => store.close();
  }
  const state: ServerState = {
    engine,
    cursors: new CursorStore(options.cursorTimeoutMs),
    changes: new EngineChanges(durability),
    startedAt: Date.now(),
    limits,
    connections: newConnectionCounters(),
    server: profile,
  };
  const stopTtl = startTtlSweeper(engine, state.changes, options.ttlIntervalMs ?? 60_000);
  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(
      state,
      options.socketPath ? { socketPath: options.socketPath } : { port: options.port ?? 0 },
    );
  } catch (err) {
    // E.g. the port is taken: release the data directory lock before failing.
    stopTtl();
    state.cursors.close();
    await closeStore();
    throw err;
  }
  const { server, port, sockets } = listening;
  let stopped: Promise<void> | undefined;
  return {
    uri: options.socketPath
      ? `mongodb://${encodeURIComponent(options.socketPath)}/`
      : `mongodb://127.0.0.1:${String(port)}/`,
    port,
    stats: (db, name) => engine.collection(db, name)?.stats,
    dataSize: () => engine.dataSize(),
    connections: () => ({ ...state.connections }),
    recovery,
    ...(storeStats ? { storeStats } : {}),
    stop() {
      stopped ??= (async () => {
        stopTtl();
        state.cursors.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
        await closeStore();
      })();
      return stopped;
    },
  };
}
