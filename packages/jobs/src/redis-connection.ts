import { Redis, type RedisOptions } from 'ioredis';

import { redisTarget } from './redis-url.js';

/** A client for a `redis://`, `rediss://` or `unix:///…sock` URL. */
function connect(url: string, options: RedisOptions): Redis {
  const target = redisTarget(url);

  return 'url' in target ? new Redis(target.url, options) : new Redis({ ...target.options, ...options });
}

/**
 * Producers (the server) fail fast: a Redis outage must never hang an HTTP request (the rate
 * limiter falls back to memory, the outbox sweeper re-enqueues what could not be enqueued). The
 * command timeout also covers a Redis that keeps the connection open but stops answering.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}): Redis {
  return connect(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    lazyConnect: false,
    ...options,
  });
}

/** Workers block on Redis; BullMQ requires `maxRetriesPerRequest: null` for them (toolchain gotcha 23). */
export function createWorkerConnection(url: string, options: RedisOptions = {}): Redis {
  return connect(url, { maxRetriesPerRequest: null, ...options });
}
