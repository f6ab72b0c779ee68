import { createStripeClient, type TCoreConfig, type TOutboxItem } from '@formwell/core';
import type { TRedisClient } from '@formwell/jobs';
import type { Redis } from 'ioredis';

import type { ApiLogger, ApiServices } from './context.js';
import type { ApiMetrics } from './metrics.js';
import { createRateLimiter } from './rate-limit/create-rate-limiter.js';

export type CreateApiServicesOptions = {
  version: string;
  redis: TRedisClient;
  config: TCoreConfig;
  logger: Pick<ApiLogger, 'warn'>;
  enqueueOutbox?: (items: TOutboxItem[]) => Promise<void>;
  metrics?: ApiMetrics;
};

/** The router's dependencies, built once per app (the rate limiter keeps one limiter per rule). */
export function createApiServices({
  version,
  redis,
  config,
  logger,
  enqueueOutbox,
  metrics,
}: CreateApiServicesOptions): ApiServices {
  return {
    version,
    redis,
    config,
    ...(enqueueOutbox ? { enqueueOutbox } : {}),
    ...(metrics ? { metrics } : {}),
    // The limiter's keys are one per call (cluster-safe) and rate-limiter-flexible drives a Cluster as
    // it drives one Redis; its options still name the single-node type only.
    rateLimiter: createRateLimiter({ redis: redis as Redis, rules: config.rateLimits, logger }),
    stripe: createStripeClient(config.billing),
  };
}
