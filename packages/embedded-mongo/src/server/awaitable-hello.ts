import type { Socket } from 'node:net';
import { Double, Int32, Long, ObjectId } from 'bson';
import type { ServerState } from '../commands/types.js';

type Doc = Record<string, unknown>;

/**
 * The streaming ("awaitable") hello of mongod 4.4+
 * (https://github.com/mongodb/specifications/blob/master/source/server-discovery-and-monitoring/server-monitoring.md#streaming-protocol):
 * hello answers a `topologyVersion`; a monitor that sends it back with `maxAwaitTimeMS` gets its
 * reply only after that long (a standalone's topology never changes), and with the
 * `exhaustAllowed` flag keeps getting one every `maxAwaitTimeMS` without asking again. The
 * driver's monitor thus always has a request outstanding, and sees the server go away (a stop
 * closing its socket) the moment it happens, rather than at its next poll (10 s later), during
 * which it would send operations, and `close()`'s `endSessions`, to a server that is gone.
 */
const processIds = new WeakMap<ServerState, ObjectId>();

/** This engine's topologyVersion: a process id fixed at start, and a counter that stays 0. */
export function topologyVersion(state: ServerState): Doc {
  let processId = processIds.get(state);
  if (!processId) processIds.set(state, (processId = new ObjectId()));
  return { processId, counter: Long.fromNumber(0) };
}

const HELLO = new Set(['hello', 'isMaster', 'ismaster']);
/**
 * Bounds of a held hello's wait. A streaming client is answered again after each wait, so a wait
 * of 0 (or one past the timer's range, which Node cuts to 1 ms) would stream a thousand replies a
 * second; drivers ask for their heartbeat frequency, never under 500 ms.
 */
const MIN_HELLO_WAIT_MS = 100;
const MAX_HELLO_WAIT_MS = 2 ** 31 - 1;

/**
 * How long a hello waits before its reply: its `maxAwaitTimeMS` when it names this engine's
 * current topologyVersion (a client that knows another version is answered at once, as mongod
 * does), else undefined (not an awaitable hello).
 */
export function helloWaitMs(body: Doc, state: ServerState): number | undefined {
  if (!HELLO.has(Object.keys(body)[0] ?? '')) return undefined;
  const wait = body.maxAwaitTimeMS;
  const known = body.topologyVersion as Doc | undefined;
  const ms =
    wait instanceof Long
      ? wait.toNumber()
      : wait instanceof Int32 || wait instanceof Double
        ? wait.value
        : typeof wait === 'number'
          ? wait
          : undefined;
  if (ms === undefined || !Number.isFinite(ms) || ms < 0 || !known || typeof known !== 'object')
    return undefined;
  const ours = topologyVersion(state).processId as ObjectId;
  return known.processId instanceof ObjectId && known.processId.equals(ours)
    ? Math.min(Math.max(ms, MIN_HELLO_WAIT_MS), MAX_HELLO_WAIT_MS)
    : undefined;
}

/** Resolves after `ms`, or as soon as the socket closes (a stop, or the client going away). */
export function waitOrClose(socket: Socket, ms: number): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket.once('close', done);
  });
}
