import { webhookEndpointRepository } from '@formwell/db';
import { z } from 'zod';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { isAbsoluteHttpUrl } from '../submissions/is-absolute-http-url.js';
import { loadOwnedEndpoint } from './load-owned-endpoint.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

export const ZUpdateWebhookEndpointInputSchema = z.object({
  url: z.string().refine(isAbsoluteHttpUrl, 'url must be an absolute http(s) URL').optional(),
  description: z.string().max(500).optional(),
  enabled: z.boolean().optional(),
});

export type TUpdateWebhookEndpointInput = z.input<typeof ZUpdateWebhookEndpointInputSchema>;

export type UpdateWebhookEndpointOptions = {
  userId: string;
  formId: string;
  endpointId: string;
  data: TUpdateWebhookEndpointInput;
};

/** Changes an endpoint's URL, description or enabled flag. */
export async function updateWebhookEndpoint({
  userId,
  formId,
  endpointId,
  data,
}: UpdateWebhookEndpointOptions): Promise<TWebhookEndpointView> {
  const set = parseInput(ZUpdateWebhookEndpointInputSchema, data);
  await loadOwnedEndpoint({ userId, formId, endpointId });
  const record = await webhookEndpointRepository.update({ userId, endpointId, set });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_NOT_FOUND });
  }

  return toWebhookEndpointView(record);
}
