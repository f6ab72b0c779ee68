import { userRepository, webhookEndpointRepository } from '@formwell/db';

import { getConfig } from '../config/get-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { isAbsoluteHttpUrl } from '../submissions/is-absolute-http-url.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

export type { TWebhookEndpointView } from './webhook-endpoint-view.js';

export type CreateWebhookEndpointOptions = {
  userId: string;
  formId: string;
  url: string;
  description?: string;
};

/**
 * Registers an outbound endpoint for `form.submission.created`, within the plan's per-form limit.
 * The secret is returned here only. The SSRF guard runs at delivery time (the address can change).
 */
export async function createWebhookEndpoint({
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
  const max = getConfig().plans[user.plan].maxWebhooksPerForm;
  const count = await webhookEndpointRepository.countByForm({ userId, formId: form.id });
  if (count >= max) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.webhookLimit(count, max) });
  }
  const record = await webhookEndpointRepository.create({
    userId,
    formId: form.id,
    url,
    description,
    secret: generateWebhookSecret(),
    events: ['form.submission.created'],
  });

  return { ...toWebhookEndpointView(record), secret: record.secret };
}
