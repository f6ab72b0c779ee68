import { webhookEndpointRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';
import { loadOwnedEndpoint, type TOwnedEndpointIds } from './load-owned-endpoint.js';

/** Replaces the signing secret; the new one is returned here only. */
export async function rotateWebhookSecret({
  userId,
  formId,
  endpointId,
}: TOwnedEndpointIds): Promise<{ id: string; secret: string }> {
  await loadOwnedEndpoint({ userId, formId, endpointId });
  const record = await webhookEndpointRepository.update({
    userId,
    endpointId,
    set: { secret: generateWebhookSecret() },
  });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_NOT_FOUND });
  }

  return { id: record.id, secret: record.secret };
}
