import { z } from 'zod';

import { ZRedisUrl } from './redis-url.js';

/**
 * The Redis settings of every process that talks to Redis (server and worker). REDIS_URL names one
 * Redis, or lists several cluster nodes separated by commas; REDIS_CLUSTER=true asks for cluster
 * mode with a single URL too (one node is enough: the client learns the others from it).
 */
export const ZRedisEnvSchema = z.object({
  REDIS_URL: ZRedisUrl,
  REDIS_CLUSTER: z.stringbool().default(false),
});
