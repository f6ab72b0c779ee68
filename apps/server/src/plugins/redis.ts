import { createProducerConnection, type TRedisClient } from '@formwell/jobs';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    redis: TRedisClient;
  }
}

/** How long start-up waits for Redis before serving anyway (the limiter then counts in memory). */
const READY_TIMEOUT_MS = 3_000;

/**
 * The server's Redis connection (rate limits, enqueueing). It fails fast rather than queueing
 * commands while Redis is down, so a Redis outage never hangs a request. Start-up waits briefly for
 * the connection so the first requests are counted in Redis with everyone else's, not in memory.
 */
export const redisPlugin = fp<{ url: string; cluster?: boolean }>(
  async (app, { url, cluster = false }) => {
    const redis = createProducerConnection(url, { cluster });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    // Named: inferred from a union, Fastify's decorator type would keep only one of its members.
    app.decorate<TRedisClient>('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
      await Promise.resolve();
    });
    // Not events.once: it rejects on the connection's 'error' events, and a Redis that is down must
    // not stop the server from starting.
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref();
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ready) {
      app.log.warn('redis is not reachable yet; serving, with rate limits counted in memory until it is');
    }
  },
  { name: 'redis' },
);
