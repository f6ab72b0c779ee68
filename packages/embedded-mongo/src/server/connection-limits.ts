/**
 * How many clients the engine serves at once and how long an idle one may keep its socket.
 *
 * mongod refuses a connection over `net.maxIncomingConnections` by closing it at once, without a
 * reply; the engine does the same. The default is far above what Formwell's processes open (each
 * driver pool defaults to 100 connections plus two monitoring ones) and below a process's usual
 * file-descriptor limit, so a runaway client exhausts the cap, not the process.
 */
export const DEFAULT_MAX_CONNECTIONS = 1000;

/**
 * mongod never closes an idle client; the engine does, so that sockets opened and left silent
 * cannot hold the connection cap for ever. The driver notices a closed pooled connection and opens
 * a new one, and its monitor talks every `heartbeatFrequencyMS` (10 s), so 30 minutes of silence
 * only happens to connections nobody uses. A client that also sets `maxIdleTimeMS` below this
 * closes them first, which removes the tiny chance of reusing one at the very moment it is closed.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;

/** Requests already read from one socket and waiting to run; more pause reading (back-pressure). */
export const MAX_QUEUED_REQUESTS = 16;

export type ConnectionLimits = {
  maxConnections: number;
  /** 0 = never close idle connections. */
  idleTimeoutMs: number;
};

/** What serverStatus reports under `connections`, plus what tests need to observe limits. */
export type ConnectionCounters = {
  current: number;
  totalCreated: number;
  /** Refused because the cap was reached. */
  rejected: number;
  /** Closed by the idle timeout. */
  idleClosed: number;
  /** Connections currently not reading because their client does not read its replies. */
  waitingForDrain: number;
};

export const newConnectionCounters = (): ConnectionCounters => ({
  current: 0,
  totalCreated: 0,
  rejected: 0,
  idleClosed: 0,
  waitingForDrain: 0,
});

/** Validates user-supplied limits (option or CLI flag) against what makes sense. */
export function resolveConnectionLimits(options: {
  maxConnections?: number;
  idleTimeoutMs?: number;
}): ConnectionLimits {
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new RangeError(`maxConnections must be a positive integer, got ${String(maxConnections)}`);
  if (!Number.isInteger(idleTimeoutMs) || idleTimeoutMs < 0)
    throw new RangeError(`idleTimeoutMs must be an integer >= 0, got ${String(idleTimeoutMs)}`);
  return { maxConnections, idleTimeoutMs };
}
