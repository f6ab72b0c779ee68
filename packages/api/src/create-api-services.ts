import {
  createStripeClient,
  loadFormForSubmit,
  type TAccountMail,
  type TCoreConfig,
  type TOutboxItem,
} from '@formwell/core';
import type { TRedisClient } from '@formwell/jobs';
import type { Redis } from 'ioredis';

import { createApiKeyCache } from './auth/api-key-cache.js';
import { forgetCopiesOnTopologyChange } from './auth/forget-copies-on-topology-change.js';
import type { ApiLogger, ApiServices } from './context.js';
import { createFormCopy } from './form-copy.js';
import type { ApiMetrics } from './metrics.js';
import { createRateLimiter } from './rate-limit/create-rate-limiter.js';

export type CreateApiServicesOptions = {
  version: string;
  redis: TRedisClient;
  config: TCoreConfig;
  logger: Pick<ApiLogger, 'warn'>;
  enqueueOutbox?: (items: TOutboxItem[]) => Promise<void>;
  accountMail: TAccountMail;
  metrics?: ApiMetrics;
};

/** The router's dependencies, built once per app (the rate limiter keeps one limiter per rule). */
export function createApiServices({
  version,
  redis,
  config,
  logger,
  enqueueOutbox,
  accountMail,
  metrics,
}: CreateApiServicesOptions): ApiServices {
  const apiKeyCache = createApiKeyCache();
  const formCopy = createFormCopy({ read: loadFormForSubmit });
  // Both copies live under the owners' auth epochs, so both are forgotten together.
  forgetCopiesOnTopologyChange(redis, {
    clear: () => {
      apiKeyCache.clear();
      formCopy.clear();
    },
  });

  return {
    version,
    redis,
    config,
    accountMail,
    ...(enqueueOutbox ? { enqueueOutbox } : {}),
    ...(metrics ? { metrics } : {}),
    // The limiter's keys share one hash slot per call, and ioredis and rate-limiter-flexible drive a
    // Cluster as they drive one Redis; their option types still name the single-node client only.
    rateLimiter: createRateLimiter({ redis: redis as Redis, rules: config.rateLimits, logger }),
    apiKeyCache,
    formCopy,
    stripe: createStripeClient(config.billing),
  };
}
