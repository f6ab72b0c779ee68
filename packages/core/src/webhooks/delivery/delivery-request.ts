import { formRepository, type TWebhookEndpointRecord } from '@formwell/db';

import type { TFormField } from '../../forms/z-form-field.js';
import {
  buildChatMessage,
  CHAT_PLATFORMS,
  type TChatPlatform,
} from '../../integrations/messages/build-chat-message.js';
import { messageFields, submissionPageUrl } from '../../integrations/messages/submission-message.js';
import { endpointHeaders } from './endpoint-headers.js';
import { signWebhook } from './sign-webhook.js';
import { signingSecrets } from './signing-secrets.js';
import type { TWebhookDeliveryConfig } from './webhook-delivery-config.js';
import type { TWebhookPayload } from './webhook-payload.js';

/** The body and headers of one delivery; the request itself goes to the endpoint's stored URL. */
export type TDeliveryRequest = { body: string; headers: Record<string, string> };

function isChatPlatform(kind: string): kind is TChatPlatform {
  return (CHAT_PLATFORMS as readonly string[]).includes(kind);
}

/** The name a message shows for a form deleted since (a redelivery of an old event). */
const UNKNOWN_FORM_NAME = 'Deleted form';

/**
 * What one event becomes for one endpoint. Webhooks and REST hooks get the signed event payload
 * (webhooks also their custom headers); Slack, Discord and Teams get their own message, built from
 * the same payload with the form's labels, and no signature (those platforms do not check one).
 */
export async function deliveryRequest({
  endpoint,
  payload,
  webhookId,
  test,
  config,
  now,
}: {
  endpoint: TWebhookEndpointRecord;
  payload: TWebhookPayload;
  webhookId: string;
  test: boolean;
  config: TWebhookDeliveryConfig;
  now: Date;
}): Promise<TDeliveryRequest> {
  const { kind } = endpoint;
  if (isChatPlatform(kind)) {
    const { formId, submissionId, fields } = payload.data;
    const form = await formRepository.findById({ userId: endpoint.userId, formId });
    const message = buildChatMessage(kind, {
      formName: form?.name ?? UNKNOWN_FORM_NAME,
      submittedAt: new Date(payload.timestamp),
      submissionUrl: submissionPageUrl({ publicUrl: config.publicUrl, formId, submissionId }),
      fields: messageFields((form?.fields ?? []) as TFormField[], fields),
      test,
    });

    return { body: JSON.stringify(message), headers: {} };
  }
  const body = JSON.stringify(payload);
  const signature = signWebhook({ webhookId, timestamp: now, body, ...signingSecrets(endpoint, now) });

  return { body, headers: kind === 'webhook' ? { ...endpointHeaders(endpoint), ...signature } : signature };
}
