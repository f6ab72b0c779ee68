import { z } from 'zod';

/**
 * Where the Prometheus scrape endpoints listen and what they ask for. The worker's listener is off
 * unless a port is given: several workers on one host would otherwise fight over one default port.
 */
export const ZMetricsEnvSchema = z.object({
  /** When set, `GET /metrics` (server and worker) requires `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The worker's metrics listener; unset, the worker exposes no metrics over HTTP. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Loopback by default: a scraper on another host needs this set to an interface it can reach. */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
