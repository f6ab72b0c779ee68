import { z } from 'zod';

/** Delays before each retry of a webhook delivery: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  10 * 3600_000,
];

/** How long one attempt may take (connect, send, response headers) unless WEBHOOK_TIMEOUT_MS says otherwise. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export type TWebhookDeliveryConfig = {
  /** Lets deliveries reach loopback, private and link-local addresses (self-hosting, tests). */
  allowPrivateTargets: boolean;
  /** Whole-request deadline of one attempt: connect, send, and the response headers. */
  timeoutMs: number;
  /** Delay before retry n (n from 1); the last one repeats if more retries happen. */
  retryDelaysMs: number[];
  /** An endpoint failing every attempt for this long is disabled. */
  disableAfterFailingMs: number;
  /** External base URL: chat messages link to the submission's page in the dashboard, and payloads' file values carry signed links on it. */
  publicUrl: string;
};

const ZMsList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds, e.g. 5000,300000')
  .transform((value) => value.split(',').map(Number));

/** The environment settings of webhook delivery (part of core's environment schema). */
export const ZWebhookDeliveryEnvSchema = z.object({
  ALLOW_PRIVATE_WEBHOOK_TARGETS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  WEBHOOK_RETRY_DELAYS_MS: ZMsList.optional(),
  WEBHOOK_DISABLE_AFTER_FAILING_MS: z.coerce.number().int().positive().optional(),
});

export type TWebhookDeliveryEnv = z.infer<typeof ZWebhookDeliveryEnvSchema>;

export function buildWebhookDeliveryConfig(
  env: TWebhookDeliveryEnv,
  publicUrl: string,
): TWebhookDeliveryConfig {
  return {
    publicUrl,
    allowPrivateTargets: env.ALLOW_PRIVATE_WEBHOOK_TARGETS,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    retryDelaysMs: env.WEBHOOK_RETRY_DELAYS_MS ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    disableAfterFailingMs: env.WEBHOOK_DISABLE_AFTER_FAILING_MS ?? 5 * 24 * 3600_000,
  };
}

/**
 * The delay before retry number `retry` (1 for the first retry), with ±20 % jitter so endpoints
 * that fail together are not retried in lockstep.
 */
export function webhookRetryDelay(
  config: TWebhookDeliveryConfig,
  retry: number,
  random = Math.random,
): number {
  const delays = config.retryDelaysMs;
  const base = delays[Math.min(Math.max(retry, 1), delays.length) - 1] ?? 0;

  return Math.round(base * (0.8 + 0.4 * random()));
}
