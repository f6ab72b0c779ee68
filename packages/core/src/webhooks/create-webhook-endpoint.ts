import type { TCoreConfig } from '../config/load-config.js';
import { parseInput } from '../errors/parse-input.js';
import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { storeFormEndpoint } from './store-form-endpoint.js';
import { toWebhookEndpointView, type TWebhookEndpointWithSecret } from './webhook-endpoint-view.js';
import {
  ZCreateWebhookEndpointInputSchema,
  type TCreateWebhookEndpointInput,
} from './z-webhook-endpoint-input.js';

export type CreateWebhookEndpointOptions = {
  config: TCoreConfig;
  userId: string;
  formId: string;
  /** See bumpAuthEpochOrReport: the servers log; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
} & TCreateWebhookEndpointInput;

/**
 * Registers an outbound endpoint for `form.submission.created`, within the plan's per-form limit
 * (a slot of the form's `webhookCount`, taken with one conditional update: no overshoot under
 * concurrency). Checks run as everywhere: the input (400), the form (404, or 403 for another
 * user's), then the plan's limit (403).
 * The secret is returned here only. The SSRF guard runs at delivery time (the address can change).
 */
export async function createWebhookEndpoint({
  config,
  userId,
  formId,
  onBumpFailed,
  ...input
}: CreateWebhookEndpointOptions): Promise<TWebhookEndpointWithSecret> {
  const {
    url,
    description = '',
    enabled = true,
    headers = [],
  } = parseInput(ZCreateWebhookEndpointInputSchema, input);
  const record = await storeFormEndpoint({
    config,
    userId,
    formId,
    kind: 'webhook',
    url,
    description,
    enabled,
    headers,
    ...(onBumpFailed ? { onBumpFailed } : {}),
  });

  return { ...toWebhookEndpointView(record), secret: record.secret };
}
