import { webhookEndpointRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';
import { loadOwnedEndpoint, type TOwnedEndpointIds } from './load-owned-endpoint.js';
import { toWebhookEndpointView, type TWebhookEndpointWithSecret } from './webhook-endpoint-view.js';

/** How long a replaced secret keeps signing, so receivers can switch without missing deliveries. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export type RotateWebhookSecretOptions = TOwnedEndpointIds & {
  /** The current time; tests pass their own clock. */
  now?: Date;
};

/**
 * Replaces the signing secret. The new one is returned here only; the replaced one stays valid
 * (deliveries carry both signatures) for 24 hours. A second rotation within that time replaces the
 * previous secret with the one just retired.
 */
export async function rotateWebhookSecret({
  userId,
  formId,
  endpointId,
  now = new Date(),
}: RotateWebhookSecretOptions): Promise<TWebhookEndpointWithSecret> {
  const current = await loadOwnedEndpoint({ userId, formId, endpointId });
  const record = await webhookEndpointRepository.update({
    userId,
    endpointId,
    set: {
      secret: generateWebhookSecret(),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
    },
  });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_NOT_FOUND });
  }

  return { ...toWebhookEndpointView(record), secret: record.secret };
}
