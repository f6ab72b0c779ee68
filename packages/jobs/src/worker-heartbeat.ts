/**
 * Workers refresh this key every few seconds with a short expiry; the server's /readyz reports
 * "worker" as failing when no worker has refreshed it lately.
 */
export const WORKER_HEARTBEAT_KEY = '{formwell}:worker:heartbeat';
export const WORKER_HEARTBEAT_INTERVAL_MS = 5_000;
export const WORKER_HEARTBEAT_TTL_MS = 15_000;
