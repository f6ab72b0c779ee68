import { randomBytes } from 'node:crypto';

import { AppError, createWebhookEndpoint } from '@formwell/core';
import {
  BillingEmailModel,
  InvoiceModel,
  PaymentEventModel,
  PaymentFailureModel,
  subscriptionRepository,
  workspaceRepository,
} from '@formwell/db';
import { billingEmailJob, QUEUE_PREFIX, QueueName } from '@formwell/jobs';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';

import { createOwner, createTestForm, type TOwner } from '../api-v1/helpers/fixtures.js';
import { call } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import {
  checkoutSession,
  deliver,
  invoiceObject,
  nowSeconds,
  signatureHeader,
  stripeEvent,
  stripeId,
  subscriptionObject,
  type TApiShape,
  type TStripeEvent,
} from '../helpers/stripe-events.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const FREE_QUOTA = testCoreConfig.plans.FREE.monthlySubmissions;
const STANDARD_QUOTA = testCoreConfig.plans.STANDARD.monthlySubmissions;

const queues: Queue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
});

async function paymentApp(): Promise<FastifyInstance> {
  const { app } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });

  return app;
}

function send(app: FastifyInstance, event: TStripeEvent) {
  const body = JSON.stringify(event);

  return deliver(app, body, signatureHeader(body, SECRET));
}

async function sendOk(app: FastifyInstance, event: TStripeEvent) {
  const response = await send(app, event);
  expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
}

type TSubscriber = TOwner & { customer: string; subscription: string };

/** A FREE owner who completes Checkout for `plan`: the subscription as the provider announces it. */
async function subscriber(
  app: FastifyInstance,
  plan = 'STANDARD',
  created = nowSeconds(),
): Promise<TSubscriber> {
  const owner = await createOwner({ plan: 'FREE' });
  const customer = stripeId('cus');
  const subscription = stripeId('sub');
  await sendOk(
    app,
    stripeEvent(
      'checkout.session.completed',
      checkoutSession({ userId: owner.userId, plan, customer, subscription }),
      {
        created,
      },
    ),
  );

  return { ...owner, customer, subscription };
}

function failedPayment(who: TSubscriber, created: number, shape: TApiShape) {
  return stripeEvent(
    'invoice.payment_failed',
    invoiceObject({ subscription: who.subscription, customer: who.customer, paid: false, shape }),
    { created, shape },
  );
}

function paidInvoice(who: TSubscriber, created: number, shape: TApiShape) {
  return stripeEvent(
    'invoice.payment_succeeded',
    invoiceObject({ subscription: who.subscription, customer: who.customer, paid: true, shape }),
    { created, shape },
  );
}

/** The billing emails owed to a user, oldest first, with the job each was handed over as. */
async function emailsOf(app: FastifyInstance, userId: string) {
  const queue = new Queue(QueueName.email, { connection: app.redis, prefix: QUEUE_PREFIX });
  queues.push(queue);
  const emails = await BillingEmailModel.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean();

  return Promise.all(
    emails.map(async (email) => {
      const job = await queue.getJob(billingEmailJob.jobId({ emailId: email._id.toString() }));

      return {
        kind: email.kind,
        attemptNumber: email.attemptNumber ?? null,
        nextRetryAt: email.nextRetryAt ?? null,
        actionUrl: email.actionUrl,
        job: job ? { name: job.name, data: job.data as unknown } : null,
        emailId: email._id.toString(),
      };
    }),
  );
}

async function planOf(userId: string) {
  const user = await workspaceRepository.findById({ workspaceId: userId });

  return { plan: user?.plan, quotaLimit: user?.quotaLimit };
}

async function failuresOf(subscription: string) {
  return (
    await PaymentFailureModel.find({ subscriptionId: subscription }).sort({ attemptNumber: 1 }).lean()
  ).map((failure) => [failure.attemptNumber, failure.resolved]);
}

const analytics = (app: FastifyInstance, key: string, formId: string) =>
  call(app, { method: 'GET', url: `/api/v1/forms/${formId}/analytics?timeRange=week`, key });

describe('POST /api/webhooks/payments: event effects', () => {
  test('checkout.session.completed: customer linked, subscription ACTIVE, plan and quota set, welcome email queued', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'PRO');

    expect(await planOf(who.userId)).toEqual({
      plan: 'PRO',
      quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
    });
    expect((await workspaceRepository.findById({ workspaceId: who.userId }))?.stripeCustomerId).toBe(
      who.customer,
    );
    expect(await subscriptionRepository.findByProviderId({ providerId: who.subscription })).toMatchObject({
      customerId: who.customer,
      userId: who.userId,
      status: 'ACTIVE',
      plan: 'PRO',
    });
    const emails = await emailsOf(app, who.userId);
    expect(emails).toEqual([
      expect.objectContaining({
        kind: 'billing.welcome',
        actionUrl: `${testCoreConfig.publicUrl}/billing`,
        job: { name: billingEmailJob.name, data: { emailId: emails[0]?.emailId } },
      }),
    ]);
  });

  test.each(['classic', 'basil'] as const)(
    'customer.subscription.created and .updated (%s shape): status mapped, plan from the price, period end read',
    async (shape) => {
      const app = await paymentApp();
      const owner = await createOwner({ plan: 'FREE' });
      const customer = stripeId('cus');
      const id = stripeId('sub');
      await workspaceRepository.setStripeCustomerId({
        workspaceId: owner.userId,
        stripeCustomerId: customer,
      });
      const periodEnd = nowSeconds() + 20 * 86_400;
      const t0 = nowSeconds();

      await sendOk(
        app,
        stripeEvent(
          'customer.subscription.created',
          subscriptionObject({ id, customer, status: 'trialing', plan: 'STANDARD', periodEnd, shape }),
          { created: t0, shape },
        ),
      );
      expect(await subscriptionRepository.findByProviderId({ providerId: id })).toMatchObject({
        userId: owner.userId,
        status: 'TRIALING',
        plan: 'STANDARD',
        currentPeriodEnd: new Date(periodEnd * 1000),
      });
      expect(await planOf(owner.userId)).toEqual({ plan: 'STANDARD', quotaLimit: STANDARD_QUOTA });

      // An upgrade to PRO, then a failed renewal: past_due keeps the plan until the policy says otherwise.
      await sendOk(
        app,
        stripeEvent(
          'customer.subscription.updated',
          subscriptionObject({ id, customer, status: 'active', plan: 'PRO', shape }),
          {
            created: t0 + 1,
            shape,
          },
        ),
      );
      expect(await planOf(owner.userId)).toEqual({
        plan: 'PRO',
        quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
      });
      await sendOk(
        app,
        stripeEvent(
          'customer.subscription.updated',
          subscriptionObject({ id, customer, status: 'past_due', plan: 'PRO', shape }),
          {
            created: t0 + 2,
            shape,
          },
        ),
      );
      expect((await subscriptionRepository.findByProviderId({ providerId: id }))?.status).toBe('PAST_DUE');
      expect((await planOf(owner.userId)).plan).toBe('PRO');
      expect(await emailsOf(app, owner.userId)).toEqual([]);
    },
  );

  test('a subscription whose price is a configured price id gets that plan without any metadata', async () => {
    const { app } = await buildTestApp({
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_PRO: 'price_pro_configured',
    });
    const owner = await createOwner({ plan: 'FREE' });
    const customer = stripeId('cus');
    const id = stripeId('sub');
    await workspaceRepository.setStripeCustomerId({ workspaceId: owner.userId, stripeCustomerId: customer });

    const subscription = subscriptionObject({
      id,
      customer,
      status: 'active',
      plan: 'PRO',
      configuredPriceId: 'price_pro_configured',
    });
    await sendOk(app, stripeEvent('customer.subscription.created', subscription));

    expect((await subscriptionRepository.findByProviderId({ providerId: id }))?.plan).toBe('PRO');
    expect(await planOf(owner.userId)).toEqual({
      plan: 'PRO',
      quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
    });
  });

  test('customer.subscription.deleted: CANCELED, FREE with the FREE quota, cancellation email with the reactivation link', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 10);
    await sendOk(
      app,
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: who.subscription,
          customer: who.customer,
          status: 'canceled',
          plan: 'STANDARD',
        }),
      ),
    );

    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'CANCELED',
    );
    expect(await planOf(who.userId)).toEqual({ plan: 'FREE', quotaLimit: FREE_QUOTA });
    expect(
      (await emailsOf(app, who.userId)).map((email) => [email.kind, email.actionUrl, email.job !== null]),
    ).toEqual([
      ['billing.welcome', `${testCoreConfig.publicUrl}/billing`, true],
      ['billing.canceled', `${testCoreConfig.publicUrl}/billing`, true],
    ]);
  });

  test('an old subscription ending does not take away the plan a second, running subscription pays for', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 20);
    // The same customer buys PRO through a second Checkout while the first subscription still exists.
    const second = stripeId('sub');
    await sendOk(
      app,
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({ userId: who.userId, plan: 'PRO', customer: who.customer, subscription: second }),
        { created: nowSeconds() - 10 },
      ),
    );
    expect((await planOf(who.userId)).plan).toBe('PRO');

    await sendOk(
      app,
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: who.subscription,
          customer: who.customer,
          status: 'canceled',
          plan: 'STANDARD',
        }),
      ),
    );

    expect(await planOf(who.userId)).toEqual({
      plan: 'PRO',
      quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
    });
    // No "you are on FREE now" email: the account is not.
    expect((await emailsOf(app, who.userId)).map((email) => email.kind)).toEqual([
      'billing.welcome',
      'billing.welcome',
    ]);
  });

  test('a one-off (zero-amount) session or one selling a price that is not a plan price grants nothing', async () => {
    const { app } = await buildTestApp({
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_PRO: 'price_pro_configured',
    });
    const owner = await createOwner({ plan: 'FREE' });
    const base = {
      userId: owner.userId,
      plan: 'PRO',
      customer: stripeId('cus'),
      subscription: stripeId('sub'),
    };
    const oneOff = { ...checkoutSession(base), mode: 'payment', amount_total: 0, subscription: null };
    const otherPrice = {
      ...checkoutSession(base),
      line_items: { data: [{ price: { id: 'price_free_trial_link' } }] },
    };

    await sendOk(app, stripeEvent('checkout.session.completed', oneOff));
    await sendOk(app, stripeEvent('checkout.session.completed', otherPrice));

    expect((await planOf(owner.userId)).plan).toBe('FREE');
    expect(await emailsOf(app, owner.userId)).toEqual([]);

    const planPrice = {
      ...checkoutSession(base),
      line_items: { data: [{ price: { id: 'price_pro_configured' } }] },
    };
    await sendOk(app, stripeEvent('checkout.session.completed', planPrice));
    expect((await planOf(owner.userId)).plan).toBe('PRO');
  });

  test("a checkout naming another user for an existing customer is ignored: the customer's account keeps it", async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 20);
    const other = await createOwner({ plan: 'FREE' });

    await sendOk(
      app,
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({
          userId: other.userId,
          plan: 'PRO',
          customer: who.customer,
          subscription: stripeId('sub'),
        }),
      ),
    );

    expect((await planOf(other.userId)).plan).toBe('FREE');
    expect((await workspaceRepository.findById({ workspaceId: other.userId }))?.stripeCustomerId).toBeNull();
    expect((await planOf(who.userId)).plan).toBe('STANDARD');
  });

  test('an older update arriving after a deletion changes neither the record nor the plan', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 20);
    const t = nowSeconds();
    const object = (status: string) =>
      subscriptionObject({ id: who.subscription, customer: who.customer, status, plan: 'PRO' });
    await sendOk(app, stripeEvent('customer.subscription.deleted', object('canceled'), { created: t }));

    await sendOk(app, stripeEvent('customer.subscription.updated', object('active'), { created: t - 5 }));

    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'CANCELED',
    );
    expect(await planOf(who.userId)).toEqual({ plan: 'FREE', quotaLimit: FREE_QUOTA });
  });

  test('customer.subscription.resumed: ACTIVE again with its plan, open failures resolved, reactivation email', async () => {
    const app = await paymentApp();
    const t0 = nowSeconds() - 100;
    const who = await subscriber(app, 'PRO', t0);
    await sendOk(app, failedPayment(who, t0 + 10, 'basil'));
    await sendOk(
      app,
      stripeEvent(
        'customer.subscription.resumed',
        subscriptionObject({
          id: who.subscription,
          customer: who.customer,
          status: 'active',
          plan: 'PRO',
          shape: 'basil',
        }),
        { created: t0 + 20, shape: 'basil' },
      ),
    );

    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'ACTIVE',
    );
    expect((await planOf(who.userId)).plan).toBe('PRO');
    expect(await failuresOf(who.subscription)).toEqual([[1, true]]);
    expect((await emailsOf(app, who.userId)).map((email) => email.kind)).toEqual([
      'billing.welcome',
      'billing.payment-failed',
      'billing.reactivated',
    ]);
  });

  test('an unknown event type is answered 200 and neither stored nor applied', async () => {
    const app = await paymentApp();
    const event = stripeEvent('customer.created', {
      id: stripeId('cus'),
      object: 'customer',
      email: 'x@example.com',
    });
    await sendOk(app, event);
    expect(await PaymentEventModel.countDocuments({ eventId: event.id })).toBe(0);
  });
});

describe('POST /api/webhooks/payments: events written by hand', () => {
  /** A signed event with only the fields given: hand-written test events leave most out. */
  function sendBare(app: FastifyInstance, event: Record<string, unknown>) {
    const body = JSON.stringify(event);

    return deliver(app, body, signatureHeader(body, SECRET));
  }

  test('a checkout with neither created nor a customer still sets the plan and quota and queues the welcome', async () => {
    const app = await paymentApp();
    const owner = await createOwner({ plan: 'FREE' });

    const response = await sendBare(app, {
      id: stripeId('evt'),
      type: 'checkout.session.completed',
      data: { object: { id: stripeId('cs'), metadata: { userId: owner.userId, plan: 'STANDARD' } } },
    });

    expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
    expect(await planOf(owner.userId)).toEqual({ plan: 'STANDARD', quotaLimit: STANDARD_QUOTA });
    expect((await emailsOf(app, owner.userId)).map((email) => email.kind)).toEqual(['billing.welcome']);
  });

  test('a type we do not act on is 200 without created or data; an event without an id is a 400', async () => {
    const app = await paymentApp();

    const ignored = await sendBare(app, { id: stripeId('evt'), type: 'customer.created' });
    expect([ignored.statusCode, ignored.json()]).toEqual([200, { received: true }]);
    const nameless = await sendBare(app, { type: 'checkout.session.completed', data: { object: {} } });
    expect([nameless.statusCode, nameless.body]).toEqual([400, 'Webhook Error: event has no id or type']);
  });
});

describe('POST /api/webhooks/payments: the three-attempt policy', () => {
  test('attempts 1 → 2 → 3 (both invoice shapes), then a paid invoice recovers the subscription', async () => {
    const app = await paymentApp();
    const t0 = nowSeconds() - 1000;
    const who = await subscriber(app, 'STANDARD', t0);
    // Above the FREE limits while on STANDARD: 3 forms, 2 endpoints on one form.
    const forms = [
      await createTestForm(who.userId),
      await createTestForm(who.userId),
      await createTestForm(who.userId),
    ];
    const formId = forms[0]?.id ?? '';
    for (const url of ['https://hooks.example.com/a', 'https://hooks.example.com/b']) {
      await createWebhookEndpoint({ config: testCoreConfig, userId: who.userId, formId, url });
    }
    expect((await analytics(app, who.key, formId)).statusCode).toBe(200);

    // Attempt 1 (classic shape): PAST_DUE, failure 1, reminder with the invoice page and a retry in 3 days.
    await sendOk(app, failedPayment(who, t0 + 10, 'classic'));
    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'PAST_DUE',
    );
    expect(await failuresOf(who.subscription)).toEqual([[1, false]]);
    expect(await planOf(who.userId)).toEqual({ plan: 'STANDARD', quotaLimit: STANDARD_QUOTA });

    // Attempt 2 (current shape): still PAST_DUE, retry in 5 days.
    await sendOk(app, failedPayment(who, t0 + 20, 'basil'));
    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'PAST_DUE',
    );
    expect(await failuresOf(who.subscription)).toEqual([
      [1, false],
      [2, false],
    ]);

    // Attempt 3: CANCELED, FREE with the FREE quota, cancellation email.
    await sendOk(app, failedPayment(who, t0 + 30, 'basil'));
    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'CANCELED',
    );
    expect(await planOf(who.userId)).toEqual({ plan: 'FREE', quotaLimit: FREE_QUOTA });
    const analyticsAfter = await analytics(app, who.key, formId);
    expect([analyticsAfter.statusCode, analyticsAfter.json<{ error: string }>().error]).toEqual([
      403,
      'Analytics are only available with the STANDARD or PRO plan',
    ]);
    // What exists above the FREE limits is kept; nothing new beyond them can be made.
    expect(
      (await call(app, { method: 'GET', url: `/api/v1/forms/${forms[2]?.id}`, key: who.key })).statusCode,
    ).toBe(200);
    await expect(createTestForm(who.userId)).rejects.toMatchObject({
      httpStatus: 403,
      message: 'Form limit reached (3/1) for your plan',
    });
    const refusedEndpoint = await createWebhookEndpoint({
      config: testCoreConfig,
      userId: who.userId,
      formId,
      url: 'https://hooks.example.com/c',
    }).catch((error: unknown) => error);
    expect(AppError.is(refusedEndpoint) && refusedEndpoint.httpStatus).toBe(403);

    const emails = await emailsOf(app, who.userId);
    const day = 86_400_000;
    expect(
      emails.map((email) => [
        email.kind,
        email.attemptNumber,
        email.nextRetryAt?.getTime() ?? null,
        email.job !== null,
      ]),
    ).toEqual([
      ['billing.welcome', null, null, true],
      ['billing.payment-failed', 1, (t0 + 10) * 1000 + 3 * day, true],
      ['billing.payment-failed', 2, (t0 + 20) * 1000 + 5 * day, true],
      ['billing.canceled', null, null, true],
    ]);
    expect(emails[1]?.actionUrl).toMatch(/^https:\/\/invoice\.stripe\.com\/i\/acct_test\/in_test_/);
    expect(emails[3]?.actionUrl).toBe(`${testCoreConfig.publicUrl}/billing`);

    // A further failure of a canceled subscription takes no fourth attempt and sends nothing.
    await sendOk(app, failedPayment(who, t0 + 40, 'classic'));
    expect(await failuresOf(who.subscription)).toHaveLength(3);

    // Recovery: the invoice is paid; ACTIVE, plan back, failures resolved, reactivation email.
    const paid = paidInvoice(who, t0 + 50, 'basil');
    await sendOk(app, paid);
    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'ACTIVE',
    );
    expect(await planOf(who.userId)).toEqual({ plan: 'STANDARD', quotaLimit: STANDARD_QUOTA });
    expect(await failuresOf(who.subscription)).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(await InvoiceModel.findOne({ providerId: String(paid.data.object.id) }).lean()).toMatchObject({
      subscriptionId: who.subscription,
      status: 'paid',
      amountPaid: 1900,
    });
    expect((await emailsOf(app, who.userId)).map((email) => email.kind).slice(-1)).toEqual([
      'billing.reactivated',
    ]);
    expect((await analytics(app, who.key, formId)).statusCode).toBe(200);

    // A new failure after the recovery starts again at attempt 1.
    await sendOk(app, failedPayment(who, t0 + 60, 'classic'));
    expect((await failuresOf(who.subscription)).filter(([, resolved]) => !resolved)).toEqual([[1, false]]);
  });

  test('the provider deleting a subscription the third failure canceled sends no second cancellation', async () => {
    const app = await paymentApp();
    const t0 = nowSeconds() - 1000;
    const who = await subscriber(app, 'PRO', t0);
    for (const offset of [10, 20, 30]) {
      await sendOk(app, failedPayment(who, t0 + offset, 'classic'));
    }
    await sendOk(
      app,
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({ id: who.subscription, customer: who.customer, status: 'canceled', plan: 'PRO' }),
        { created: t0 + 40 },
      ),
    );

    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'CANCELED',
    );
    expect(await planOf(who.userId)).toEqual({ plan: 'FREE', quotaLimit: FREE_QUOTA });
    expect((await emailsOf(app, who.userId)).map((email) => email.kind)).toEqual([
      'billing.welcome',
      'billing.payment-failed',
      'billing.payment-failed',
      'billing.canceled',
    ]);
  });

  test('a renewal paid while ACTIVE records the invoice and sends nothing', async () => {
    const app = await paymentApp();
    const t0 = nowSeconds() - 100;
    const who = await subscriber(app, 'STANDARD', t0);
    const paid = paidInvoice(who, t0 + 5, 'classic');
    await sendOk(app, paid);
    expect(await InvoiceModel.countDocuments({ providerId: String(paid.data.object.id) })).toBe(1);
    expect((await emailsOf(app, who.userId)).map((email) => email.kind)).toEqual(['billing.welcome']);
  });
});

describe('POST /api/webhooks/payments: deliveries', () => {
  test('a duplicate delivered again later is answered 200 and applied once', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 100);
    const event = failedPayment(who, nowSeconds() - 50, 'classic');
    await sendOk(app, event);
    await sendOk(app, event);
    await sendOk(app, event);

    expect(await failuresOf(who.subscription)).toEqual([[1, false]]);
    expect((await emailsOf(app, who.userId)).map((email) => email.kind)).toEqual([
      'billing.welcome',
      'billing.payment-failed',
    ]);
  });

  test('20 concurrent copies of one event: all answered 200, applied once, one email', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 100);
    const event = failedPayment(who, nowSeconds() - 50, 'basil');
    const body = JSON.stringify(event);
    const header = signatureHeader(body, SECRET);

    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(app, body, header)));

    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await failuresOf(who.subscription)).toEqual([[1, false]]);
    expect(
      (await emailsOf(app, who.userId)).filter((email) => email.kind === 'billing.payment-failed'),
    ).toHaveLength(1);
    expect(await PaymentEventModel.findOne({ eventId: event.id }).lean()).toMatchObject({
      status: 'processed',
      outcome: 'applied',
      attempts: 1,
    });
  }, 60_000);

  test('an event older than the last one applied to its subscription is ignored', async () => {
    const app = await paymentApp();
    const t0 = nowSeconds() - 100;
    const who = await subscriber(app, 'STANDARD', t0);
    const object = (status: string, plan: string) =>
      subscriptionObject({ id: who.subscription, customer: who.customer, status, plan });
    const newer = stripeEvent('customer.subscription.updated', object('active', 'PRO'), { created: t0 + 60 });
    const older = stripeEvent('customer.subscription.updated', object('past_due', 'STANDARD'), {
      created: t0 + 30,
    });
    const olderFailure = failedPayment(who, t0 + 45, 'classic');

    await sendOk(app, newer);
    await sendOk(app, older);
    await sendOk(app, olderFailure);

    expect(await subscriptionRepository.findByProviderId({ providerId: who.subscription })).toMatchObject({
      status: 'ACTIVE',
      plan: 'PRO',
      lastEventAt: new Date((t0 + 60) * 1000),
    });
    expect(await planOf(who.userId)).toEqual({
      plan: 'PRO',
      quotaLimit: testCoreConfig.plans.PRO.monthlySubmissions,
    });
    expect(await failuresOf(who.subscription)).toEqual([]);
    expect(
      (await PaymentEventModel.find({ eventId: { $in: [older.id, olderFailure.id] } }).lean()).map(
        (stored) => stored.outcome,
      ),
    ).toEqual(['stale', 'stale']);
  });

  test("a crashed attempt's claim holds the event until its lease runs out; then the next delivery applies it", async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 100);
    const event = failedPayment(who, nowSeconds() - 50, 'classic');
    const body = JSON.stringify(event);
    // What a server that died while applying the event leaves behind: the event claimed, unfinished.
    await PaymentEventModel.create({
      eventId: event.id,
      type: event.type,
      occurredAt: new Date(event.created * 1000),
      payload: body,
      status: 'processing',
      leaseToken: 'crashed-attempt',
      leaseUntil: new Date(Date.now() + 600_000),
      attempts: 1,
    });

    const whileHeld = await send(app, event);
    expect([whileHeld.statusCode, whileHeld.json<{ error: string }>().error]).toEqual([
      500,
      'Internal server error',
    ]);
    expect(await failuresOf(who.subscription)).toEqual([]);

    await PaymentEventModel.updateOne(
      { eventId: event.id },
      { $set: { leaseUntil: new Date(Date.now() - 1000) } },
    );
    await sendOk(app, event);
    expect(await failuresOf(who.subscription)).toEqual([[1, false]]);
    expect(await PaymentEventModel.findOne({ eventId: event.id }).lean()).toMatchObject({
      status: 'processed',
      attempts: 2,
      leaseToken: null,
    });
  }, 60_000);

  test('a database failure mid-processing answers 500 and leaves the event unprocessed; the retry applies it once', async () => {
    const app = await paymentApp();
    const who = await subscriber(app, 'STANDARD', nowSeconds() - 100);
    // A real refusal by the database: a unique index the welcome email already occupies for this
    // user makes writing the reminder email fail after the failure record was written.
    const blocker = 'test_block_second_email_of_user';
    await BillingEmailModel.collection.createIndex({ userId: 1 }, { unique: true, name: blocker });
    const event = failedPayment(who, nowSeconds() - 50, 'classic');
    try {
      const failed = await send(app, event);
      expect([failed.statusCode, failed.json<{ error: string }>().error]).toEqual([
        500,
        'Internal server error',
      ]);
      expect(await PaymentEventModel.findOne({ eventId: event.id }).lean()).toMatchObject({
        status: 'failed',
      });
      expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
        'ACTIVE',
      );
    } finally {
      await BillingEmailModel.collection.dropIndex(blocker);
    }

    await sendOk(app, event);

    expect((await subscriptionRepository.findByProviderId({ providerId: who.subscription }))?.status).toBe(
      'PAST_DUE',
    );
    expect(await failuresOf(who.subscription)).toEqual([[1, false]]);
    expect((await emailsOf(app, who.userId)).map((email) => [email.kind, email.attemptNumber])).toEqual([
      ['billing.welcome', null],
      ['billing.payment-failed', 1],
    ]);
    expect(await PaymentEventModel.findOne({ eventId: event.id }).lean()).toMatchObject({
      status: 'processed',
      attempts: 2,
    });
  });
});

describe('POST /api/webhooks/payments: refused deliveries', () => {
  async function expectRefused(
    app: FastifyInstance,
    response: Awaited<ReturnType<typeof deliver>>,
    reason: string,
    eventId: string,
  ) {
    expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
      400,
      'text/plain; charset=utf-8',
      `Webhook Error: ${reason}`,
    ]);
    expect(await PaymentEventModel.countDocuments({ eventId })).toBe(0);
    void app;
  }

  test('a tampered body, a wrong secret, a missing or malformed header and an old timestamp are 400 and change nothing', async () => {
    const app = await paymentApp();
    const owner = await createOwner({ plan: 'FREE' });
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSession({
        userId: owner.userId,
        plan: 'PRO',
        customer: stripeId('cus'),
        subscription: stripeId('sub'),
      }),
    );
    const body = JSON.stringify(event);
    const noMatch =
      'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?';

    const tampered = body.replace('"PRO"', '"STANDARD"');
    await expectRefused(app, await deliver(app, tampered, signatureHeader(body, SECRET)), noMatch, event.id);
    await expectRefused(
      app,
      await deliver(app, body, signatureHeader(body, `whsec_${randomBytes(24).toString('base64')}`)),
      noMatch,
      event.id,
    );
    await expectRefused(
      app,
      await deliver(app, body, undefined),
      'No stripe-signature header value was provided.',
      event.id,
    );
    await expectRefused(
      app,
      await deliver(app, body, 'garbage'),
      'Unable to extract timestamp and signatures from header',
      event.id,
    );
    await expectRefused(
      app,
      await deliver(app, body, signatureHeader(body, SECRET, nowSeconds() - 301)),
      'Timestamp outside the tolerance zone',
      event.id,
    );
    expect(await planOf(owner.userId)).toEqual({ plan: 'FREE', quotaLimit: FREE_QUOTA });

    // Within the tolerance, the same body is accepted.
    const accepted = await deliver(app, body, signatureHeader(body, SECRET, nowSeconds() - 240));
    expect(accepted.statusCode).toBe(200);
    expect((await planOf(owner.userId)).plan).toBe('PRO');
  });

  test('the signature is also read from the generic payment-signature header', async () => {
    const app = await paymentApp();
    const body = JSON.stringify(stripeEvent('customer.created', { id: stripeId('cus'), object: 'customer' }));

    const generic = await deliver(app, body, signatureHeader(body, SECRET), 'payment-signature');
    expect([generic.statusCode, generic.json()]).toEqual([200, { received: true }]);
    const forged = await deliver(app, body, signatureHeader(body, 'whsec_other'), 'payment-signature');
    expect(forged.statusCode).toBe(400);
  });

  test('a 2 MB body is refused with 413 before any other work', async () => {
    const app = await paymentApp();
    const body = JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) });
    const response = await deliver(app, body, signatureHeader(body, SECRET));
    expect([response.statusCode, response.json()]).toEqual([
      413,
      {
        // This receiver's own limit, not the usual 100 KB.
        error: 'Request body is too large (at most 1 MB)',
        message: 'Request body is too large (at most 1 MB)',
        code: 'PAYLOAD_TOO_LARGE',
      },
    ]);
  });

  test('without STRIPE_WEBHOOK_SECRET every event is refused', async () => {
    const { app } = await buildTestApp();
    const event = stripeEvent('invoice.payment_failed', { id: stripeId('in'), object: 'invoice' });
    const body = JSON.stringify(event);
    const response = await deliver(app, body, signatureHeader(body, SECRET));
    expect([response.statusCode, response.body]).toEqual([
      400,
      'Webhook Error: no signing secret is configured',
    ]);
  });
});
