import { formRepository, userRepository, webhookEndpointRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { SUBMISSION_CREATED_EVENT } from './delivery/webhook-payload.js';
import { insertWithSlot } from '../limits/insert-with-slot.js';
import { reserveCappedSlot } from '../limits/reserve-capped-slot.js';
import { checkWebhookTarget } from './check-webhook-target.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';
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
 * The secret is returned here only. A URL every delivery would refuse (a private target) is refused
 * here too; the SSRF guard still runs at delivery time (the address can change).
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
  await checkWebhookTarget({ url, allowPrivateTargets: config.webhooks.allowPrivateTargets });
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  await reserveCappedSlot({
    counter: form.webhookCount,
    countExisting: () => webhookEndpointRepository.countByForm({ userId, formId: form.id }),
    init: (value) => formRepository.initWebhookCount({ userId, formId: form.id, value }),
    reserve: (max) => formRepository.reserveWebhookSlot({ userId, formId: form.id, max }),
    max: config.plans[user.plan].maxWebhooksPerForm,
    limitMessage: ErrorMessages.webhookLimit,
  });
  const record = await insertWithSlot(
    () =>
      webhookEndpointRepository.create({
        userId,
        formId: form.id,
        url,
        description,
        enabled,
        headers,
        secret: generateWebhookSecret(),
        events: [SUBMISSION_CREATED_EVENT],
      }),
    () => formRepository.releaseWebhookSlot({ userId, formId: form.id }),
  );
  // Submits skip reading endpoints of a form whose copy says it has none: make every copy stale.
  await bumpAuthEpochOrReport(userId, onBumpFailed);

  return { ...toWebhookEndpointView(record), secret: record.secret };
}
