import { createProducerConnection } from '@formwell/jobs';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

/**
 * The server's Redis connection (rate limits, enqueueing). It fails fast rather than queueing
 * commands while Redis is down, so a Redis outage never hangs a request.
 */
export const redisPlugin = fp<{ url: string }>(
  (app, { url }, done) => {
    const redis = createProducerConnection(url);
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    app.decorate('redis', redis);
    app.addHook('onClose', (_instance, closed) => {
      redis.disconnect();
      closed();
    });
    done();
  },
  { name: 'redis' },
);
