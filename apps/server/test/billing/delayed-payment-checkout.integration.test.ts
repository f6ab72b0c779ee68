import { randomBytes } from 'node:crypto';

import {
  BillingEmailModel,
  PaymentEventModel,
  subscriptionRepository,
  workspaceRepository,
} from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';

import { createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import {
  checkoutSession,
  deliver,
  nowSeconds,
  signatureHeader,
  stripeEvent,
  stripeId,
  subscriptionObject,
  type TStripeEvent,
} from '../helpers/stripe-events.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const FREE = { plan: 'FREE', quotaLimit: testCoreConfig.plans.FREE.monthlySubmissions };
const STANDARD = { plan: 'STANDARD', quotaLimit: testCoreConfig.plans.STANDARD.monthlySubmissions };

async function sendOk(app: FastifyInstance, event: TStripeEvent) {
  const body = JSON.stringify(event);
  const response = await deliver(app, body, signatureHeader(body, SECRET));
  expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
}

async function planOf(userId: string) {
  const user = await workspaceRepository.findById({ workspaceId: userId });

  return { plan: user?.plan, quotaLimit: user?.quotaLimit };
}

/** A FREE owner whose Checkout completed with a delayed payment method: `payment_status: "unpaid"`. */
async function unpaidCheckout(app: FastifyInstance, created: number) {
  const owner = await createOwner({ plan: 'FREE' });
  const customer = stripeId('cus');
  const subscription = stripeId('sub');
  const session = {
    ...checkoutSession({ userId: owner.userId, plan: 'STANDARD', customer, subscription }),
    payment_status: 'unpaid',
  };
  const completed = stripeEvent('checkout.session.completed', session, { created });
  await sendOk(app, completed);

  return { owner, customer, subscription, session, completed };
}

test('an unpaid Checkout grants nothing; the plan and the welcome come when the payment succeeds', async () => {
  const { app } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  const t0 = nowSeconds();
  const { owner, customer, subscription, session, completed } = await unpaidCheckout(app, t0);

  expect(await planOf(owner.userId)).toEqual(FREE);
  // The customer is linked, so the subscription's own events find the account.
  expect((await workspaceRepository.findById({ workspaceId: owner.userId }))?.stripeCustomerId).toBe(
    customer,
  );
  expect(await subscriptionRepository.findByProviderId({ providerId: subscription })).toBeNull();
  expect(await BillingEmailModel.countDocuments({ userId: owner.userId })).toBe(0);
  expect((await PaymentEventModel.findOne({ eventId: completed.id }).lean())?.outcome).toBe(
    'awaiting_payment',
  );

  await sendOk(
    app,
    stripeEvent(
      'checkout.session.async_payment_succeeded',
      { ...session, payment_status: 'paid' },
      { created: t0 + 60 },
    ),
  );
  expect(await planOf(owner.userId)).toEqual(STANDARD);
  expect(await subscriptionRepository.findByProviderId({ providerId: subscription })).toMatchObject({
    userId: owner.userId,
    status: 'ACTIVE',
    plan: 'STANDARD',
  });
  expect((await BillingEmailModel.find({ userId: owner.userId }).lean()).map((email) => email.kind)).toEqual([
    'billing.welcome',
  ]);
});

test('an unpaid Checkout whose payment fails leaves the account on FREE with no email', async () => {
  const { app } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  const t0 = nowSeconds();
  const { owner, session } = await unpaidCheckout(app, t0);

  await sendOk(app, stripeEvent('checkout.session.async_payment_failed', session, { created: t0 + 60 }));
  expect(await planOf(owner.userId)).toEqual(FREE);
  expect(await BillingEmailModel.countDocuments({ userId: owner.userId })).toBe(0);
});

test('an unpaid Checkout, then the subscription turning active: the plan is granted by the subscription event', async () => {
  const { app } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  const t0 = nowSeconds();
  const { owner, customer, subscription } = await unpaidCheckout(app, t0);

  // The provider announces the subscription incomplete, then active once the money arrived.
  const announce = (type: string, status: string, created: number) =>
    sendOk(
      app,
      stripeEvent(type, subscriptionObject({ id: subscription, customer, status, plan: 'STANDARD' }), {
        created,
      }),
    );
  await announce('customer.subscription.created', 'incomplete', t0 + 1);
  expect(await planOf(owner.userId)).toEqual(FREE);
  await announce('customer.subscription.updated', 'active', t0 + 60);
  expect(await planOf(owner.userId)).toEqual(STANDARD);
});
