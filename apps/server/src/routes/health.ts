import type { FastifyInstance } from 'fastify';
import { WORKER_HEARTBEAT_KEY } from '@formwell/jobs';

const ZHealthResponse = {
  type: 'object',
  properties: { status: { type: 'string' }, failing: { type: 'array', items: { type: 'string' } } },
} as const;

/**
 * `/healthz` says the process is up; `/readyz` says it can serve: MongoDB and Redis answer and a
 * worker has sent a heartbeat recently, so it is 200 only when the API, the worker and the database
 * are all usable. A 503 names what is failing.
 */
export function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { response: { 200: ZHealthResponse } } }, () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (_req, reply) => {
      const [mongodb, redis, worker] = await Promise.all([
        app.database.isReachable(),
        pingRedis(app),
        workerIsAlive(app),
      ]);
      const failing = [
        ...(mongodb ? [] : ['mongodb']),
        ...(redis ? [] : ['redis']),
        ...(worker || !redis ? [] : ['worker']),
      ];
      if (failing.length > 0) {
        return reply.code(503).send({ status: 'unavailable', failing });
      }

      return { status: 'ready', failing };
    },
  );
}

async function pingRedis(app: FastifyInstance): Promise<boolean> {
  try {
    return (await withTimeout(app.redis.ping(), 1_000)) === 'PONG';
  } catch {
    return false;
  }
}

async function workerIsAlive(app: FastifyInstance): Promise<boolean> {
  try {
    return (await withTimeout(app.redis.exists(WORKER_HEARTBEAT_KEY), 1_000)) === 1;
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
