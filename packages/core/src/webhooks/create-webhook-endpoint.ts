import { formRepository, userRepository, webhookEndpointRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { insertWithSlot } from '../limits/insert-with-slot.js';
import { reserveCappedSlot } from '../limits/reserve-capped-slot.js';
import { isAbsoluteHttpUrl } from '../submissions/is-absolute-http-url.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

export type { TWebhookEndpointView } from './webhook-endpoint-view.js';

export type CreateWebhookEndpointOptions = {
  config: TCoreConfig;
  userId: string;
  formId: string;
  url: string;
  description?: string;
};

/**
 * Registers an outbound endpoint for `form.submission.created`, within the plan's per-form limit
 * (a slot of the form's `webhookCount`, taken with one conditional update: no overshoot under
 * concurrency).
 * The secret is returned here only. The SSRF guard runs at delivery time (the address can change).
 */
export async function createWebhookEndpoint({
  config,
  userId,
  formId,
  url,
  description = '',
}: CreateWebhookEndpointOptions): Promise<TWebhookEndpointView & { secret: string }> {
  if (!isAbsoluteHttpUrl(url)) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: 'url must be an absolute http(s) URL' });
  }
  const form = await loadOwnedForm({ userId, formId, foreign: 'not-found' });
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
        secret: generateWebhookSecret(),
        events: ['form.submission.created'],
      }),
    () => formRepository.releaseWebhookSlot({ userId, formId: form.id }),
  );

  return { ...toWebhookEndpointView(record), secret: record.secret };
}
