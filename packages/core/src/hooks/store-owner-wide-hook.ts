import { formRepository, userRepository, webhookEndpointRepository } from '@formwell/db';

import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { SUBMISSION_CREATED_EVENT } from '../webhooks/delivery/webhook-payload.js';
import { generateWebhookSecret } from '../webhooks/generate-webhook-secret.js';

/**
 * Stores a REST hook that follows every form of the owner, present and future. The plan's
 * per-form endpoint number also caps these (a count, then the insert: a burst of concurrent
 * subscriptions may pass it by a few, which costs nothing but deliveries the owner asked for).
 * Every form's endpoint count goes up by one after the insert, and a form created later adds the
 * hooks it finds after its own insert, so no form is ever left believing it has none.
 */
export async function storeOwnerWideHook({
  config,
  userId,
  targetUrl,
  onBumpFailed,
}: {
  config: TCoreConfig;
  userId: string;
  targetUrl: string;
  onBumpFailed?: TOnBumpFailed;
}): Promise<{ id: string }> {
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  const max = config.plans[user.plan].maxWebhooksPerForm;
  const count = await webhookEndpointRepository.countOwnerWideHooks({ userId });
  if (count >= max) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.webhookLimit(count, max) });
  }
  const record = await webhookEndpointRepository.create({
    userId,
    formId: null,
    kind: 'hook',
    url: targetUrl,
    secret: generateWebhookSecret(),
    events: [SUBMISSION_CREATED_EVENT],
  });
  await formRepository.shiftWebhookCounts({ userId, by: 1 });
  // Submits skip reading endpoints of a form whose copy says it has none: make every copy stale.
  await bumpAuthEpochOrReport(userId, onBumpFailed);

  return { id: record.id };
}

/** A new form's share of the owner's REST hooks that follow every form (see storeOwnerWideHook). */
export async function countOwnerWideHooksOnNewForm({ userId, formId }: { userId: string; formId: string }) {
  const hooks = await webhookEndpointRepository.countOwnerWideHooks({ userId });
  if (hooks > 0) {
    await formRepository.addWebhookCount({ userId, formId, by: hooks });
  }
}
