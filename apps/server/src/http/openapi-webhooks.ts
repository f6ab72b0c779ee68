// The outbound webhooks, described in the document's `webhooks` section: what a receiver gets.
import { DEFAULT_WEBHOOK_TIMEOUT_MS, SUBMISSION_CREATED_EVENT, ZWebhookPayloadSchema } from '@formwell/core';
import { z } from 'zod';

// What a receiver has to answer within: the delivery's own deadline (WEBHOOK_TIMEOUT_MS, by default).
const answerWithin = `${String(DEFAULT_WEBHOOK_TIMEOUT_MS / 1000)} seconds`;

const header = (description: string, schema: object = { type: 'string' }) => ({
  required: true,
  description,
  schema,
});

/** One entry per event an endpoint can subscribe to: its JSON body and the signature headers. */
export function webhooksSection() {
  return {
    [SUBMISSION_CREATED_EVENT]: {
      post: {
        operationId: 'webhook-submissionCreated',
        summary: 'A submission was stored',
        description:
          "Sent to each enabled endpoint of the form, from the worker, with the endpoint's own headers " +
          'added. Verify `webhook-signature` (Standard Webhooks: HMAC-SHA256 over `webhook-id.webhook-timestamp.body`, ' +
          'keyed with the base64 part of the `whsec_…` secret; during a rotation it lists a signature per valid ' +
          'secret, space-separated) or the legacy `x-service-signature` (hex HMAC-SHA256 of the raw body keyed ' +
          'with the whole secret string). Redeliveries keep `webhook-id`; a test event has submissionId ' +
          `\`test_submission\`. Answer 2xx within ${answerWithin}; anything else is retried with backoff.`,
        parameters: [
          {
            name: 'webhook-id',
            in: 'header',
            ...header('Message id, the same on every retry and redelivery: use it to drop duplicates.'),
          },
          {
            name: 'webhook-timestamp',
            in: 'header',
            ...header('Unix seconds of this attempt.', { type: 'string', pattern: '^[0-9]+$' }),
          },
          {
            name: 'webhook-signature',
            in: 'header',
            ...header('Space-separated `v1,<base64>` signatures.', {
              type: 'string',
              pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$',
            }),
          },
          {
            name: 'x-service-signature',
            in: 'header',
            ...header('Hex HMAC-SHA256 of the raw body with the current secret.', {
              type: 'string',
              pattern: '^[0-9a-f]{64}$',
            }),
          },
          { name: 'user-agent', in: 'header', ...header('`Formwell-Webhooks/1`.') },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: z.toJSONSchema(ZWebhookPayloadSchema, { io: 'output' }) },
          },
        },
        responses: {
          '2XX': { description: `Received; any other answer or none within ${answerWithin} is retried.` },
        },
      },
    },
  };
}
