import { webhookEndpointRepository, type TWebhookEndpointRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';

/** Names one endpoint of one of the owner's forms. */
export type TOwnedEndpointIds = { userId: string; formId: string; endpointId: string };

/** The endpoint, if it belongs to this user's form; else 404 (form or endpoint), or 403 for another user's form. */
export async function loadOwnedEndpoint({
  userId,
  formId,
  endpointId,
}: TOwnedEndpointIds): Promise<TWebhookEndpointRecord> {
  await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const endpoint = await webhookEndpointRepository.findById({ userId, endpointId });
  if (!endpoint || endpoint.formId !== formId) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_NOT_FOUND });
  }

  return endpoint;
}
