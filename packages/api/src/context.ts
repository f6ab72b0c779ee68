import type { IncomingHttpHeaders } from 'node:http';

import type { TAccountMail, TCoreConfig, TOutboxItem, TStripeClient } from '@formwell/core';
import type { TRedisClient } from '@formwell/jobs';

import type { ApiLogger } from './api-logger.js';
import type { ApiKeyCache } from './auth/api-key-cache.js';
import type { FormCopy } from './form-copy.js';
import { lazyChildLogger } from './lazy-child-logger.js';
import type { ApiMetrics } from './metrics.js';
import type { RateLimiter } from './rate-limit/create-rate-limiter.js';

export type { ApiLogger } from './api-logger.js';

/** What the host (apps/server) gives the router; the router knows nothing of Fastify. */
export type ApiServices = {
  version: string;
  redis: TRedisClient;
  /** Plans, quotas, rate limits, public URL, trusted country header (one place, @formwell/core). */
  config: TCoreConfig;
  rateLimiter: RateLimiter;
  /** This process's copy of what API keys authenticate as, checked against the auth epoch on every request. */
  apiKeyCache: ApiKeyCache;
  /** This process's copy of the forms keyed submits go to, checked against the same epoch. */
  formCopy: FormCopy;
  /** The Stripe API client for checkout and the billing portal; null when billing is not configured. */
  stripe: TStripeClient | null;
  /**
   * Hands a submission's side effects (emails, webhooks) to the job queues. Optional: the entries
   * are already stored in the submission's outbox, so without it (or when it fails) the worker's
   * sweep delivers them later; with it they leave at once.
   */
  enqueueOutbox?: (items: TOutboxItem[]) => Promise<void>;
  /** Where account mail (invitations) is queued for the worker. */
  accountMail: TAccountMail;
  /** Counters of rate-limit refusals and submit outcomes; nothing is counted without it. */
  metrics?: ApiMetrics;
};

/** The request and reply as both adapters pass them (both hand over Fastify's objects). */
export type ApiRequest = {
  headers: IncomingHttpHeaders;
  ip: string;
  url: string;
  /** The host's request id (the server's log field `reqId`), carried into a submission's jobs. */
  id?: string;
};
export type ApiResponse = { header(name: string, value: string): unknown };

export type Context = {
  req: ApiRequest;
  res: ApiResponse;
  transport: 'trpc' | 'rest';
  logger: ApiLogger;
  services: ApiServices;
};

export type CreateContextFactoryOptions = {
  transport: Context['transport'];
  services: ApiServices;
};

/** Builds the per-request context for one transport. */
export function createContextFactory({ transport, services }: CreateContextFactoryOptions) {
  const requestSource = transport === 'rest' ? 'api' : 'dashboard';

  return ({ req, res }: { req: ApiRequest & { log: ApiLogger }; res: ApiResponse }): Context => ({
    req,
    res,
    transport,
    logger: lazyChildLogger(req.log, { requestSource }),
    services,
  });
}
