import { WORKER_HEARTBEAT_INTERVAL_MS, WORKER_HEARTBEAT_KEY, WORKER_HEARTBEAT_TTL_MS } from '@formwell/jobs';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Keeps the worker heartbeat key fresh so the server's /readyz knows a worker is running. */
export function startHeartbeat(redis: Redis, logger: Logger): { stop(): Promise<void> } {
  const beat = async () => {
    try {
      await redis.set(WORKER_HEARTBEAT_KEY, String(Date.now()), 'PX', WORKER_HEARTBEAT_TTL_MS);
    } catch (error) {
      logger.warn({ err: error }, 'heartbeat failed');
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), WORKER_HEARTBEAT_INTERVAL_MS);

  return {
    async stop() {
      clearInterval(timer);
      await redis.del(WORKER_HEARTBEAT_KEY).catch(() => undefined);
    },
  };
}
