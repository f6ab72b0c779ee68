import {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_KEY,
  WORKER_HEARTBEAT_TTL_MS,
  type TRedisClient,
} from '@formwell/jobs';
import type { Logger } from 'pino';

/**
 * Keeps the worker heartbeat key fresh so the server's /readyz knows a worker is running. Resolves
 * after the first beat, so a worker that says it started is already visible as ready.
 */
export async function startHeartbeat(
  redis: TRedisClient,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const beat = async () => {
    try {
      await redis.set(WORKER_HEARTBEAT_KEY, String(Date.now()), 'PX', WORKER_HEARTBEAT_TTL_MS);
    } catch (error) {
      logger.warn({ err: error }, 'heartbeat failed');
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), WORKER_HEARTBEAT_INTERVAL_MS);

  return {
    async stop() {
      clearInterval(timer);
      await redis.del(WORKER_HEARTBEAT_KEY).catch(() => undefined);
    },
  };
}
