import {
  webhookDeliveryRepository,
  webhookEndpointRepository,
  type TWebhookDeliveryRecord,
  type TWebhookEndpointRecord,
} from '@formwell/db';

import { removeRestHook } from '../../hooks/remove-rest-hook.js';
import { displayEndpointUrl } from '../display-endpoint-url.js';
import { deliveryRequest } from './delivery-request.js';
import { postWebhook } from './post-webhook.js';
import type { TWebhookDeliveryConfig } from './webhook-delivery-config.js';
import type { TWebhookPayload } from './webhook-payload.js';

/** Why an endpoint was switched off by delivery (the owner is told). */
export type TEndpointDisabledReason = 'gone' | 'failing';

export type TWebhookAttemptResult = {
  delivery: TWebhookDeliveryRecord;
  /** Set when this attempt disabled the endpoint: 410 Gone, or failing for the whole window. */
  disabled: TEndpointDisabledReason | null;
};

/**
 * One attempt to deliver one event to one endpoint: sign, POST, log the attempt. A 410 disables
 * the endpoint at once; a failure that extends a run of failures over the configured window
 * disables it too. Nothing here logs or stores the secret, the signatures, the custom headers or the credentials of
 * the URL (the request itself goes to the real URL).
 */
export async function deliverWebhookEvent({
  endpoint,
  payload,
  webhookId,
  submissionId,
  test = false,
  config,
  now = new Date(),
}: {
  endpoint: TWebhookEndpointRecord;
  payload: TWebhookPayload;
  webhookId: string;
  submissionId: string | null;
  test?: boolean;
  config: TWebhookDeliveryConfig;
  now?: Date;
}): Promise<TWebhookAttemptResult> {
  const { body, headers } = await deliveryRequest({ endpoint, payload, webhookId, test, config, now });
  const result = await postWebhook({
    url: endpoint.url,
    body,
    headers,
    timeoutMs: config.timeoutMs,
    allowPrivateTargets: config.allowPrivateTargets,
  });
  const attempt = (await webhookDeliveryRepository.countAttempts({ endpointId: endpoint.id, webhookId })) + 1;
  const delivery = await webhookDeliveryRepository.create({
    userId: endpoint.userId,
    // A REST hook following every form of its owner logs under the event's form.
    formId: endpoint.formId ?? payload.data.formId,
    endpointId: endpoint.id,
    submissionId,
    webhookId,
    event: payload.event,
    attempt,
    status: result.ok ? 'success' : 'failed',
    httpStatus: result.httpStatus,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
    error: result.error ?? (result.ok ? null : `HTTP ${result.httpStatus}`),
    test,
    // The log is for display: the URL's credentials are not kept in it.
    url: displayEndpointUrl(endpoint),
    createdAt: now,
  });

  let disabled: TEndpointDisabledReason | null = null;
  if (result.httpStatus === 410) {
    disabled = 'gone';
  } else if (!result.ok && !test) {
    const since = await webhookDeliveryRepository.failingSince({ endpointId: endpoint.id });
    if (since && now.getTime() - since.getTime() >= config.disableAfterFailingMs) {
      disabled = 'failing';
    }
  }
  if (disabled === 'gone' && endpoint.kind === 'hook') {
    // A REST hook's target answers 410 when its Zap or scenario is switched off or deleted: that is
    // the platforms' way to unsubscribe, so the hook goes (and frees its slot), nobody is emailed.
    await removeRestHook(endpoint);
  } else if (disabled) {
    await webhookEndpointRepository.update({
      userId: endpoint.userId,
      endpointId: endpoint.id,
      set: { enabled: false },
    });
  }

  return { delivery, disabled };
}
