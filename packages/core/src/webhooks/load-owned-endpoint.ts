import { webhookEndpointRepository, type TWebhookEndpointRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { FAMILY_NOT_FOUND, isOfFamily, type TEndpointFamily } from './endpoint-family.js';

/** Names one endpoint of one of the owner's forms; `family` defaults to plain webhooks. */
export type TOwnedEndpointIds = {
  userId: string;
  formId: string;
  endpointId: string;
  family?: TEndpointFamily;
};

/** The endpoint, if it belongs to this user's form; else 404 (form or endpoint), or 403 for another user's form. */
export async function loadOwnedEndpoint({
  userId,
  formId,
  endpointId,
  family = 'webhook',
}: TOwnedEndpointIds): Promise<TWebhookEndpointRecord> {
  await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const endpoint = await webhookEndpointRepository.findById({ userId, endpointId });
  if (!endpoint || endpoint.formId !== formId || !isOfFamily(endpoint.kind, family)) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: FAMILY_NOT_FOUND[family] });
  }

  return endpoint;
}
