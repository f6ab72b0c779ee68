import { randomBytes } from 'node:crypto';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

/**
 * Payment provider events shaped as Stripe documents them (the `event`, `checkout.session`,
 * `subscription` and `invoice` objects), in the two API versions whose shapes differ: `classic`
 * (subscription id on the invoice, period end on the subscription) and `basil` (2025-03-31 and
 * later: the invoice's `parent.subscription_details`, the period end on each item).
 */
export type TApiShape = 'classic' | 'basil';

const API_VERSION: Record<TApiShape, string> = { classic: '2024-06-20', basil: '2025-03-31.basil' };

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const stripeId = (prefix: string) => `${prefix}_test_${hex(8)}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type TStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { created = nowSeconds(), shape = 'classic' }: { created?: number; shape?: TApiShape } = {},
): TStripeEvent {
  return {
    id: `evt_${hex(12)}`,
    object: 'event',
    api_version: API_VERSION[shape],
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${hex(7)}`, idempotency_key: null },
    type,
  };
}

export function checkoutSession({
  userId,
  plan,
  customer,
  subscription,
}: {
  userId: string;
  plan: string;
  customer: string;
  subscription: string;
}) {
  return {
    id: stripeId('cs'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 1900,
    currency: 'usd',
    customer,
    subscription,
    client_reference_id: userId,
    metadata: { userId, plan },
    success_url: 'http://localhost:3000/billing?checkout=success',
  };
}

export function subscriptionObject({
  id,
  customer,
  status,
  plan,
  periodEnd = nowSeconds() + 30 * 86_400,
  shape = 'classic',
  configuredPriceId,
}: {
  id: string;
  customer: string;
  status: string;
  plan: string;
  periodEnd?: number;
  shape?: TApiShape;
  /** A price id the server is configured with: then the price carries no plan in its metadata. */
  configuredPriceId?: string;
}) {
  const price = {
    id: configuredPriceId ?? `price_${plan.toLowerCase()}_${hex(4)}`,
    object: 'price',
    currency: 'usd',
    unit_amount: plan === 'PRO' ? 4900 : 1900,
    recurring: { interval: 'month', interval_count: 1 },
    metadata: configuredPriceId === undefined ? { plan } : {},
  };
  const item = {
    id: stripeId('si'),
    object: 'subscription_item',
    price,
    quantity: 1,
    ...(shape === 'basil'
      ? { current_period_start: periodEnd - 30 * 86_400, current_period_end: periodEnd }
      : {}),
  };

  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    collection_method: 'charge_automatically',
    items: { object: 'list', data: [item], has_more: false },
    metadata: {},
    ...(shape === 'classic'
      ? { current_period_start: periodEnd - 30 * 86_400, current_period_end: periodEnd }
      : {}),
  };
}

export function invoiceObject({
  subscription,
  customer,
  paid,
  attemptCount = 1,
  shape = 'classic',
}: {
  subscription: string;
  customer: string;
  paid: boolean;
  attemptCount?: number;
  shape?: TApiShape;
}) {
  const id = stripeId('in');

  return {
    id,
    object: 'invoice',
    customer,
    status: paid ? 'paid' : 'open',
    amount_due: 1900,
    amount_paid: paid ? 1900 : 0,
    currency: 'usd',
    attempt_count: attemptCount,
    attempted: true,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
    next_payment_attempt: paid ? null : nowSeconds() + 3 * 86_400,
    status_transitions: { paid_at: paid ? nowSeconds() : null },
    ...(shape === 'classic'
      ? { subscription }
      : {
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription, metadata: {} },
          },
        }),
  };
}

/** The `stripe-signature` header for a body, made by the provider's own library. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts an event as the provider does: the JSON body and its signature header (by default its own name). */
export function deliver(
  app: FastifyInstance,
  body: string,
  header: string | undefined,
  headerName = 'stripe-signature',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(header === undefined ? {} : { [headerName]: header }),
    },
    payload: body,
  });
}
