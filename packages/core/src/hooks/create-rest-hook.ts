import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import type { TCoreConfig } from '../config/load-config.js';
import { parseInput } from '../errors/parse-input.js';
import { checkWebhookTarget } from '../webhooks/check-webhook-target.js';
import { storeFormEndpoint } from '../webhooks/store-form-endpoint.js';
import { storeOwnerWideHook } from './store-owner-wide-hook.js';
import { ZCreateRestHookInputSchema, type TCreateRestHookInput } from './z-rest-hook-input.js';

/**
 * Subscribes a REST hook target to `form.submission.created` events of one form, or of every form
 * of the owner without `formId`: 400 for bad input, then the form (404, or 403 for another user's),
 * then the plan's endpoint limit (403; a form's is shared with webhooks and integrations). Deliveries are the webhook payload with its signature
 * headers; a target answering 410 Gone is unsubscribed (the hook is deleted).
 */
export async function createRestHook({
  config,
  userId,
  input,
  onBumpFailed,
}: {
  config: TCoreConfig;
  userId: string;
  input: TCreateRestHookInput;
  onBumpFailed?: TOnBumpFailed;
}): Promise<{ id: string }> {
  const { targetUrl, formId } = parseInput(ZCreateRestHookInputSchema, input);
  // The webhooks' own check and text (naming the setting that allows such targets).
  await checkWebhookTarget({
    url: targetUrl,
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    parameter: 'targetUrl',
  });
  if (formId === undefined) {
    return storeOwnerWideHook({ config, userId, targetUrl, ...(onBumpFailed ? { onBumpFailed } : {}) });
  }
  const record = await storeFormEndpoint({
    config,
    userId,
    formId,
    kind: 'hook',
    url: targetUrl,
    ...(onBumpFailed ? { onBumpFailed } : {}),
  });

  return { id: record.id };
}
