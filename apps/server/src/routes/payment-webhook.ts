import {
  PaymentEventUnreadableError,
  processPaymentEvent,
  stripeLibrary,
  type TCoreConfig,
  type TPlanPriceIds,
} from '@formwell/core';
import type { TJobProducer } from '@formwell/jobs';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { PAYMENT_WEBHOOK_BODY_LIMIT_BYTES } from '../http/body-limits.js';

const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments';
/**
 * The provider's signature header by its own name, or under the generic name a deployment may
 * forward it as (a proxy in front of several providers).
 */
const SIGNATURE_HEADERS = ['stripe-signature', 'payment-signature'] as const;
/** How old a signed timestamp may be: older deliveries may be replays of a captured request. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type PaymentWebhookRoutesOptions = {
  /** The endpoint's signing secret; without one every event is refused, since none can be verified. */
  secret: string | undefined;
  config: TCoreConfig;
  /** Price ids per paid plan, to read an event's plan from its price. */
  priceIds: TPlanPriceIds;
  /** Where the billing emails an event owes are handed to the worker. */
  producer: TJobProducer;
};

/**
 * The payment provider's receiver. Its own scope, so the body reaches the handler as the exact bytes
 * the provider signed, whatever the content type; the signature is checked by the provider's own
 * library before anything else is done. Emails are only queued, so the answer comes well inside the
 * provider's 5 s deadline; a processing failure throws (500) and the event stays unprocessed.
 */
export function paymentWebhookRoutes(
  app: FastifyInstance,
  { secret, config, priceIds, producer }: PaymentWebhookRoutesOptions,
  done: () => void,
) {
  if (!secret) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: POST /api/webhooks/payments refuses every event');
  }

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PAYMENT_WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, next) => next(null, body),
  );

  app.post(PAYMENT_WEBHOOK_PATH, { bodyLimit: PAYMENT_WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = SIGNATURE_HEADERS.map((name) => request.headers[name]).find(
      (value) => value !== undefined,
    );
    try {
      if (!secret) {
        throw new Error('no signing secret is configured');
      }
      stripeLibrary().webhooks.constructEvent(
        raw,
        typeof header === 'string' ? header : '',
        secret,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim();

      return refuse(reply, reason || 'signature verification failed');
    }

    try {
      const result = await processPaymentEvent({
        payload: raw.toString('utf8'),
        config,
        priceIds,
        producer,
        logger: request.log,
      });
      request.log.info(result, 'payment event');
    } catch (error) {
      if (error instanceof PaymentEventUnreadableError) {
        return refuse(reply, error.message);
      }
      throw error;
    }

    return { received: true };
  });

  done();
}

/** The provider's own wording for an event it must not count as delivered. */
function refuse(reply: FastifyReply, reason: string) {
  return reply.code(400).type('text/plain; charset=utf-8').send(`Webhook Error: ${reason}`);
}
