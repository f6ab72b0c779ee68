import { createHmac } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

/**
 * The signature headers of one attempt. `x-service-signature` is the lower-case hex HMAC-SHA256 of
 * the raw body keyed with the current secret string as shown (`whsec_…`, UTF-8). `webhook-signature`
 * follows Standard Webhooks (key: the base64-decoded part after `whsec_`, over
 * `id.timestamp.body`), listing one `v1,` signature per valid secret, so a receiver still holding
 * the previous secret during a rotation keeps verifying.
 */
export function signWebhook({
  webhookId,
  timestamp,
  body,
  secret,
  previousSecret = null,
}: {
  webhookId: string;
  timestamp: Date;
  body: string;
  secret: string;
  previousSecret?: string | null;
}): Record<string, string> {
  const secrets = previousSecret ? [secret, previousSecret] : [secret];

  return {
    'x-service-signature': createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(body, 'utf8')
      .digest('hex'),
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((key) => new Webhook(key).sign(webhookId, timestamp, body)).join(' '),
  };
}
