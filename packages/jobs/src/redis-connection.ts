import { Cluster, Redis, type RedisOptions } from 'ioredis';

import { clusterTarget, redisTarget, redisUrls } from './redis-url.js';

/** One Redis or a Redis Cluster: everything Formwell does with Redis works on both. */
export type TRedisClient = Redis | Cluster;

type TRedisConnectionOptions = RedisOptions & {
  /** Cluster mode even with one URL; a REDIS_URL that lists several nodes is a cluster anyway. */
  cluster?: boolean;
};

/** A client for a `redis://`, `rediss://` or `unix:///…sock` URL, or for a cluster's node URLs. */
function connect(url: string, { cluster = false, ...options }: TRedisConnectionOptions): TRedisClient {
  const urls = redisUrls(url);
  if (cluster || urls.length > 1) {
    return connectCluster(urls, options);
  }
  const target = redisTarget(urls[0] ?? url);

  return 'url' in target ? new Redis(target.url, options) : new Redis({ ...target.options, ...options });
}

/**
 * ioredis keeps some settings on the cluster itself (whether commands wait for a connection,
 * whether to connect at once) and the rest on each node's connection.
 */
function connectCluster(urls: string[], options: RedisOptions): Cluster {
  const { enableOfflineQueue, lazyConnect, ...nodeOptions } = options;
  const { nodes, shared } = clusterTarget(urls);

  return new Cluster(nodes, {
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    ...(lazyConnect === undefined ? {} : { lazyConnect }),
    redisOptions: { ...shared, ...nodeOptions },
  });
}

/**
 * Producers (the server) fail fast: a Redis outage must never hang an HTTP request (the rate
 * limiter falls back to memory, the outbox sweeper re-enqueues what could not be enqueued). The
 * command timeout also covers a Redis that keeps the connection open but stops answering.
 */
export function createProducerConnection(url: string, options: TRedisConnectionOptions = {}): TRedisClient {
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
export function createWorkerConnection(url: string, options: TRedisConnectionOptions = {}): TRedisClient {
  return connect(url, { maxRetriesPerRequest: null, ...options });
}
