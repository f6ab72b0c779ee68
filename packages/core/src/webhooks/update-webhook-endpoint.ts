import { webhookEndpointRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { isMaskedHeader, keepMaskedHeaderValues, sendsMaskedValues } from './display-webhook-headers.js';
import { checkWebhookTarget } from './check-webhook-target.js';
import { displayWebhookUrl } from './display-webhook-url.js';
import { loadOwnedEndpoint } from './load-owned-endpoint.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';
import {
  ZUpdateWebhookEndpointInputSchema,
  type TUpdateWebhookEndpointInput,
} from './z-webhook-endpoint-input.js';

export type UpdateWebhookEndpointOptions = {
  userId: string;
  formId: string;
  endpointId: string;
  data: TUpdateWebhookEndpointInput;
  /** Whether a new URL may name a private target (see checkWebhookTarget). */
  config: Pick<TCoreConfig, 'webhooks'>;
};

/** Changes an endpoint's URL, description, enabled flag, events or headers (the list is replaced). */
export async function updateWebhookEndpoint({
  userId,
  formId,
  endpointId,
  data,
  config,
}: UpdateWebhookEndpointOptions): Promise<TWebhookEndpointView> {
  const { url, description, enabled, events, headers } = parseInput(ZUpdateWebhookEndpointInputSchema, data);
  const current = await loadOwnedEndpoint({ userId, formId, endpointId });
  // The URL as read back has its credentials masked; a client sending that masked URL back (an edit
  // form saving every field) means "unchanged", not "replace the password with ***".
  const newUrl = url !== undefined && url !== displayWebhookUrl(current.url) ? url : undefined;
  if (newUrl !== undefined) {
    await checkWebhookTarget({ url: newUrl, allowPrivateTargets: config.webhooks.allowPrivateTargets });
  }
  // Stored credential headers are set, never read back; moved with the URL, they would be delivered
  // to whoever holds the new one (a stolen key could point the webhook at its own server and collect
  // them; on receivers where anyone can make paths, that server can share the old one's origin).
  // So a new URL takes them only sent again in clear.
  if (
    newUrl !== undefined &&
    current.headers.some(isMaskedHeader) &&
    (headers === undefined || sendsMaskedValues(headers, current.headers))
  ) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.WEBHOOK_SECRET_HEADERS_NOT_MOVED });
  }
  // Likewise a header sent back with its masked value keeps the stored one.
  const newHeaders = headers === undefined ? undefined : keepMaskedHeaderValues(headers, current.headers);
  // Only the named fields: nothing else of the input can reach the update.
  const set = Object.fromEntries(
    Object.entries({ url: newUrl, description, enabled, events, headers: newHeaders }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const record = await webhookEndpointRepository.update({ userId, endpointId, set });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.WEBHOOK_NOT_FOUND });
  }

  return toWebhookEndpointView(record);
}
