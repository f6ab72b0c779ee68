import { setUserPlan } from '@formwell/core';
import { subscriptionRepository } from '@formwell/db';
import { afterEach, describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeStripe, type TFakeStripe } from '../helpers/fake-stripe.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection, signUpAndLogIn } from '../trpc/dashboard-client.js';

const SECRET_KEY = 'sk_test_formwell_fake_0123456789abcdef';
const PRICES = { STANDARD: 'price_standard_test', PRO: 'price_pro_test' };
const CUSTOMERS = '/v1/customers';
const CHECKOUT = '/v1/checkout/sessions';
const PORTAL = '/v1/billing_portal/sessions';

const fakes: TFakeStripe[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** The real app on a free port; with `stripe`, billing is configured against the fake. */
async function listeningApp({
  stripe,
  env = {},
}: { stripe?: TFakeStripe; env?: Record<string, string> } = {}) {
  const billingEnv: Record<string, string> = stripe
    ? {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_API_BASE: stripe.url,
        STRIPE_PRICE_STANDARD: PRICES.STANDARD,
        STRIPE_PRICE_PRO: PRICES.PRO,
      }
    : {};
  const { app, logLines } = await buildTestApp({ ...billingEnv, ...env });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  return { address, logLines };
}

async function fakeStripe() {
  const fake = await startFakeStripe({ secretKey: SECRET_KEY });
  fakes.push(fake);

  return fake;
}

async function signedUp(address: string) {
  const session = dashboardClient(address);
  const { user } = await signUpAndLogIn(session.client, {
    email: uniqueEmail('billing'),
    password: 'correct horse battery',
    name: 'Ada',
  });

  return { ...session, user };
}

describe('billing not configured', () => {
  test('the overview says so; checkout and the portal answer 409 with the standard error body', async () => {
    const { address } = await listeningApp();
    const { client, jar } = await signedUp(address);

    expect(await client.billing.overview.query()).toEqual({
      plan: 'FREE',
      quotaLimit: 200,
      subscription: { status: 'NONE', currentPeriodEnd: null },
      billingEnabled: false,
      hasBillingAccount: false,
      checkoutPlans: [],
    });
    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'PRO' }))).toEqual({
      code: 'CONFLICT',
      message: 'Billing is not configured on this server',
    });
    expect(await rejection(client.billing.openPortal.mutate())).toEqual({
      code: 'CONFLICT',
      message: 'Billing is not configured on this server',
    });

    const raw = await fetch(`${address}/trpc/billing.startCheckout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.cookie ?? '' },
      body: JSON.stringify({ plan: 'PRO' }),
    });
    expect(raw.status).toBe(409);
    expect(await raw.json()).toMatchObject({
      error: {
        message: 'Billing is not configured on this server',
        error: 'Billing is not configured on this server',
        data: { code: 'CONFLICT', httpStatus: 409 },
      },
    });
  });
});

describe('checkout', () => {
  test('creates the customer once, then a subscription session with price, metadata and return URLs', async () => {
    const stripe = await fakeStripe();
    const { address, logLines } = await listeningApp({ stripe });
    const { client, user } = await signedUp(address);

    const first = await client.billing.startCheckout.mutate({ plan: 'STANDARD' });

    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/);
    const [customerRequest] = stripe.requestsTo(CUSTOMERS);
    expect(customerRequest?.params).toEqual({
      email: user.email,
      name: 'Ada',
      'metadata[workspaceId]': user.id,
      'metadata[userId]': user.id,
    });
    expect(customerRequest?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(customerRequest?.headers['idempotency-key']).toBe(`formwell-customer-${user.id}`);
    const me = await client.auth.me.query();
    expect(me.stripeCustomerId).toMatch(/^cus_fake\d+$/);
    expect(stripe.requestsTo(CHECKOUT)[0]?.params).toEqual({
      mode: 'subscription',
      customer: me.stripeCustomerId,
      client_reference_id: user.id,
      'line_items[0][price]': PRICES.STANDARD,
      'line_items[0][quantity]': '1',
      'metadata[workspaceId]': user.id,
      'metadata[userId]': user.id,
      'metadata[plan]': 'STANDARD',
      'subscription_data[metadata][workspaceId]': user.id,
      'subscription_data[metadata][userId]': user.id,
      'subscription_data[metadata][plan]': 'STANDARD',
      success_url: 'http://localhost:3000/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/billing?checkout=canceled',
    });

    // The user left Checkout without paying and comes back for PRO: same customer, PRO's price.
    const second = await client.billing.startCheckout.mutate({ plan: 'PRO' });

    expect(second.url).not.toBe(first.url);
    expect(stripe.requestsTo(CUSTOMERS)).toHaveLength(1);
    expect(stripe.requestsTo(CHECKOUT)[1]?.params).toMatchObject({
      customer: me.stripeCustomerId,
      'line_items[0][price]': PRICES.PRO,
      'metadata[plan]': 'PRO',
      'subscription_data[metadata][plan]': 'PRO',
    });
    expect(logLines.join('\n')).not.toContain(SECRET_KEY);
  });

  test('two first checkouts at once get one Stripe customer (per-user idempotency key)', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const { client, jar } = await signedUp(address);
    // A second tab with the same session: its own HTTP requests, so the two calls really overlap.
    const otherTab = dashboardClient(address);
    otherTab.jar.cookie = jar.cookie;

    const sessions = await Promise.all([
      client.billing.startCheckout.mutate({ plan: 'STANDARD' }),
      otherTab.client.billing.startCheckout.mutate({ plan: 'PRO' }),
    ]);

    expect(sessions.map(({ url }) => url)).toHaveLength(2);
    const customers = new Set(stripe.requestsTo(CHECKOUT).map(({ params }) => params.customer));
    expect([...customers]).toEqual([(await client.auth.me.query()).stripeCustomerId]);
  });

  test('the user id comes from the session: a userId in the input is ignored', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const alice = await signedUp(address);
    const bob = await signedUp(address);

    await alice.client.billing.startCheckout.mutate({ plan: 'PRO', userId: bob.user.id } as { plan: 'PRO' });

    expect(stripe.requestsTo(CUSTOMERS)[0]?.params['metadata[userId]']).toBe(alice.user.id);
    expect(stripe.requestsTo(CHECKOUT)[0]?.params).toMatchObject({
      client_reference_id: alice.user.id,
      'metadata[userId]': alice.user.id,
      'subscription_data[metadata][userId]': alice.user.id,
    });
    expect((await bob.client.auth.me.query()).stripeCustomerId).toBeNull();
  });

  test('FREE, the current plan, a paid plan already billed, and an unknown plan are refused before Stripe', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const { client, user } = await signedUp(address);

    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'FREE' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Checkout is only for the paid plans (STANDARD, PRO)',
    });
    expect(
      await rejection(client.billing.startCheckout.mutate({ plan: 'GOLD' } as unknown as { plan: 'PRO' })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Input validation failed' });

    // An operator put the user on STANDARD (no Stripe customer): buying STANDARD again is refused.
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'STANDARD' });
    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'STANDARD' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'You are already on the STANDARD plan',
    });
    expect(stripe.requests).toEqual([]);
    // A plan an operator gave is no subscription: the user never subscribed.
    expect(await client.billing.overview.query()).toMatchObject({
      plan: 'STANDARD',
      subscription: { status: 'NONE', currentPeriodEnd: null },
      checkoutPlans: ['PRO'],
    });

    // Once billed through Stripe, a plan change would start a second subscription: the portal does it.
    await client.billing.startCheckout.mutate({ plan: 'PRO' });
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'STANDARD' }))).toEqual({
      code: 'CONFLICT',
      message: 'Your plan is billed by a subscription already: change it in the billing portal',
    });
    expect(stripe.requestsTo(CHECKOUT)).toHaveLength(1);
    expect(await client.billing.overview.query()).toEqual({
      plan: 'PRO',
      quotaLimit: 10_000,
      // The checkout was started, never completed: still no subscription.
      subscription: { status: 'NONE', currentPeriodEnd: null },
      billingEnabled: true,
      hasBillingAccount: true,
      checkoutPlans: [],
    });
  });

  test('the overview shows the subscription the payment events keep (status and period end)', async () => {
    const { address } = await listeningApp();
    const { client, user } = await signedUp(address);
    const periodEnd = new Date('2026-12-24T10:00:00.000Z');
    await subscriptionRepository.applyEvent({
      providerId: 'sub_overview_test',
      at: new Date(),
      change: { status: 'PAST_DUE', currentPeriodEnd: periodEnd },
      seed: { customerId: 'cus_overview_test', userId: user.id, status: 'PAST_DUE', plan: 'PRO' },
    });

    expect((await client.billing.overview.query()).subscription).toEqual({
      status: 'PAST_DUE',
      currentPeriodEnd: periodEnd.toISOString(),
    });
  });

  test('Stripe refusing (4xx) is a 500 with the generic body, logged with its request id, nothing stored', async () => {
    const stripe = await fakeStripe();
    const { address, logLines } = await listeningApp({ stripe });
    const { client } = await signedUp(address);
    stripe.failNext(CUSTOMERS, 400);

    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'PRO' }))).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
    });
    expect((await client.auth.me.query()).stripeCustomerId).toBeNull();
    expect(stripe.requestsTo(CHECKOUT)).toEqual([]);
    expect(logLines.join('\n')).toMatch(
      /Stripe customers\.create failed: invalid_request_error, 400, resource_missing, request req_fake\d+/,
    );

    stripe.failNext(CHECKOUT, 404);
    expect((await rejection(client.billing.startCheckout.mutate({ plan: 'PRO' }))).code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
    // The customer of the second attempt was stored before the session failed, and is reused next.
    expect(stripe.requestsTo(CUSTOMERS)).toHaveLength(2);
    expect(await client.billing.startCheckout.mutate({ plan: 'PRO' })).toHaveProperty('url');
    expect(stripe.requestsTo(CUSTOMERS)).toHaveLength(2);
    expect(logLines.join('\n')).not.toContain(SECRET_KEY);
  });

  test('a Stripe 5xx is retried once with the same idempotency key; two in a row are a 500', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const { client } = await signedUp(address);
    stripe.failNext(CHECKOUT, 500);

    expect(await client.billing.startCheckout.mutate({ plan: 'STANDARD' })).toHaveProperty('url');
    const [failed, retried] = stripe.requestsTo(CHECKOUT);
    expect(retried?.params).toEqual(failed?.params);
    expect(failed?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(retried?.headers['idempotency-key']).toBe(failed?.headers['idempotency-key']);

    stripe.failNext(CHECKOUT, 503, 2);
    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'STANDARD' }))).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
    });
    expect(stripe.requestsTo(CHECKOUT)).toHaveLength(4);
  });
});

describe('billing portal', () => {
  test('needs a customer; opens a session for it that returns to the configured page', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({
      stripe,
      env: { BILLING_RETURN_URL: 'https://app.example.com/settings?tab=billing' },
    });
    const { client } = await signedUp(address);

    expect(await rejection(client.billing.openPortal.mutate())).toEqual({
      code: 'CONFLICT',
      message: 'No billing account yet: subscribe to a plan with checkout first',
    });
    expect(stripe.requests).toEqual([]);

    await client.billing.startCheckout.mutate({ plan: 'PRO' });
    expect(stripe.requestsTo(CHECKOUT)[0]?.params).toMatchObject({
      success_url:
        'https://app.example.com/settings?tab=billing&checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.com/settings?tab=billing&checkout=canceled',
    });
    const portal = await client.billing.openPortal.mutate();

    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_fake\d+$/);
    expect(stripe.requestsTo(PORTAL)[0]?.params).toEqual({
      customer: (await client.auth.me.query()).stripeCustomerId,
      return_url: 'https://app.example.com/settings?tab=billing',
    });
  });

  test('Stripe failing the portal session is a 500 with the generic body', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const { client } = await signedUp(address);
    await client.billing.startCheckout.mutate({ plan: 'PRO' });
    stripe.failNext(PORTAL, 400);

    expect(await rejection(client.billing.openPortal.mutate())).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
    });
  });
});

describe('usage and access', () => {
  test('usage counts this month’s submissions against the quota, with the period bounds', async () => {
    const { address } = await listeningApp();
    const { client } = await signedUp(address);
    const form = await client.forms.create.mutate({ name: 'Contact', formType: 'contact', fields: [] });
    const key = await client.apiKeys.create.mutate({ name: 'site' });
    for (const n of [1, 2]) {
      const submit = await fetch(`${address}/api/v1/forms/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key.key },
        body: JSON.stringify({ formId: form.id, data: { n } }),
      });
      expect(submit.status).toBe(201);
    }
    const usage = await client.billing.usage.query();

    expect(usage.month).toBe(new Date().toISOString().slice(0, 7));
    const [year, month] = usage.month.split('-').map(Number) as [number, number];
    expect(usage).toEqual({
      month: usage.month,
      used: 2,
      limit: 200,
      plan: 'FREE',
      periodStart: `${usage.month}-01T00:00:00.000Z`,
      // Date.UTC takes 0-based months: `month` (1-based) is the next one; December rolls into January.
      periodEnd: new Date(Date.UTC(year, month, 1)).toISOString(),
      storageBytes: 0,
    });
  });

  test('without a session every billing procedure is refused', async () => {
    const stripe = await fakeStripe();
    const { address } = await listeningApp({ stripe });
    const { client } = dashboardClient(address);
    const unauthenticated = { code: 'UNAUTHORIZED', message: 'Not authenticated' };

    expect(await rejection(client.billing.overview.query())).toEqual(unauthenticated);
    expect(await rejection(client.billing.usage.query())).toEqual(unauthenticated);
    expect(await rejection(client.billing.startCheckout.mutate({ plan: 'PRO' }))).toEqual(unauthenticated);
    expect(await rejection(client.billing.openPortal.mutate())).toEqual(unauthenticated);
    expect(stripe.requests).toEqual([]);
  });
});
