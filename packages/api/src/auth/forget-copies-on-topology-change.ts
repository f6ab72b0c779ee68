import type { TRedisClient } from '@formwell/jobs';
import { Cluster } from 'ioredis';

import type { ApiKeyCache } from './api-key-cache.js';

/**
 * Clears this process's authentication copies whenever the Redis that holds the auth epochs may
 * have lost a bump, so no copy made before the bump can match an epoch read afterwards.
 *
 * - One Redis: a closed connection (restart, or failover behind one address) may hide bumps made
 *   meanwhile.
 * - A Redis Cluster: the client's own `close` comes only once every node is gone, which a failover
 *   never causes. A node connection lost (`-node`), failing (`node error`) or added (`+node`) clears
 *   the copies too. This is the early warning only: the guarantee is that the epoch a cluster
 *   returns names the node that read it (consume-with-epoch-script.ts), so a failover, which always
 *   changes that node, makes every older copy of its slots stop matching even when the client
 *   reaches the promoted replica through a MOVED redirect without any of these events.
 */
export function forgetCopiesOnTopologyChange(redis: TRedisClient, cache: Pick<ApiKeyCache, 'clear'>): void {
  const forget = () => {
    cache.clear();
  };
  redis.on('close', forget);
  if (redis instanceof Cluster) {
    redis.on('-node', forget);
    redis.on('+node', forget);
    redis.on('node error', forget);
  }
}
