import { StorageEngine } from '../src/storage/engine.js';
import { CursorStore } from '../src/cursors/cursor-store.js';
import { newConnectionCounters, resolveConnectionLimits } from '../src/server/connection-limits.js';
import { EngineChanges } from '../src/storage/change-log.js';
import { serverProfile } from '../src/commands/server-version.js';
import type { ServerState } from '../src/commands/types.js';

/**
 * A fresh engine as the server holds it, in this process and in memory (its journal commits at
 * once): what the in-process benches run commands against, without a socket or a child process.
 */
export function inProcessState(): ServerState {
  return {
    engine: new StorageEngine(),
    cursors: new CursorStore(),
    changes: new EngineChanges({ commit: () => Promise.resolve() }),
    startedAt: Date.now(),
    limits: resolveConnectionLimits({}),
    connections: newConnectionCounters(),
    server: serverProfile(),
  };
}
