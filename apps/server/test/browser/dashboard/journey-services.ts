import { startRedisServer } from '@formwell/vitest-config/redis-server';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';

import { startFakeStripe, type TFakeStripe } from '../../helpers/fake-stripe.js';
import { spawnEntry } from '../../helpers/spawn-entry.js';
import {
  checkoutSession,
  deliver,
  signatureHeader,
  stripeEvent,
  stripeId,
} from '../../helpers/stripe-events.js';

const STRIPE_SECRET_KEY = 'sk_test_formwell_journey_0123456789abcdef';
const STRIPE_WEBHOOK_SECRET = 'whsec_formwell_journey_test';
/** Where the service's checkout sessions send the browser (the fake's session URLs). */
const CHECKOUT_PAGES = 'https://checkout.stripe.test/**';

/**
 * The services `npm start` runs beside the server, for the owner journey: a private Redis, the
 * real worker process (it delivers webhooks and, without SMTP_URL, captures mail as the embedded
 * default does) and a fake Stripe API. Returns the server settings that point at them.
 */
export async function startJourneyServices() {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  const stripe = await startFakeStripe({ secretKey: STRIPE_SECRET_KEY });
  onTestFinished(() => stripe.close());
  const serverEnv = {
    REDIS_URL: redis.url,
    // The webhook receiver of this test listens on 127.0.0.1, which endpoints may not name otherwise.
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    STRIPE_SECRET_KEY,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_STANDARD: 'price_standard_journey',
    STRIPE_PRICE_PRO: 'price_pro_journey',
    STRIPE_WEBHOOK_SECRET,
  };

  return { stripe, serverEnv };
}

/** Starts the real worker entry point on the server's database and Redis; stopped after the test. */
export async function startWorker({ mongoUri, redisUrl }: { mongoUri: string; redisUrl: string }) {
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
  });
  onTestFinished(async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  });
  await worker.waitForOutput(/"msg":"worker started"/, 120_000);

  return worker;
}

/**
 * Stripe's hosted checkout, played by the test: the browser lands on the session's URL (answered
 * here with a small page, as the machine has no internet), "pays", and Stripe tells the server
 * through a signed `checkout.session.completed` webhook before sending the browser back to the
 * session's success URL on this server.
 */
export async function payOnFakeCheckout({
  page,
  app,
  stripe,
  address,
  startCheckout,
}: {
  page: Page;
  app: FastifyInstance;
  stripe: TFakeStripe;
  address: string;
  /** What the owner does in the dashboard to go to the checkout (e.g. click "Upgrade to PRO"). */
  startCheckout: () => Promise<void>;
}) {
  await page.route(CHECKOUT_PAGES, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Checkout</title><h1>Fake Stripe checkout</h1></html>',
    }),
  );
  await startCheckout();
  await page.waitForURL(CHECKOUT_PAGES);
  await page.getByRole('heading', { name: 'Fake Stripe checkout' }).waitFor();
  const [session] = stripe.requestsTo('/v1/checkout/sessions');
  const { customer, client_reference_id: userId, success_url: successUrl } = session?.params ?? {};
  const plan = session?.params['metadata[plan]'];
  if (!customer || !userId || !successUrl || !plan) {
    throw new Error(`the checkout session lacks what Stripe needs: ${JSON.stringify(session?.params)}`);
  }
  const payload = JSON.stringify(
    stripeEvent(
      'checkout.session.completed',
      checkoutSession({ userId, plan, customer, subscription: stripeId('sub') }),
    ),
  );
  const answer = await deliver(app, payload, signatureHeader(payload, STRIPE_WEBHOOK_SECRET));
  expect(answer.statusCode).toBe(200);
  // The success URL names the configured public URL; this run's server listens elsewhere.
  const back = new URL(successUrl);
  await page.goto(`${address}${back.pathname}${back.search}`);

  return { plan };
}
