import { fileURLToPath } from 'node:url';

import { createUser, loadConfig } from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';
import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import {
  checkoutSession,
  invoiceObject,
  nowSeconds,
  signatureHeader,
  stripeEvent,
  stripeId,
  type TStripeEvent,
} from '../test/helpers/stripe-events.js';
import { spawnProcess } from './spawn-process.js';

/**
 * Payment receiver bench (not part of `pnpm bench`, not a test): the real server process on the
 * embedded engine and redis-server. SUBSCRIBERS (default 200) users complete Checkout in one burst,
 * then each one's renewal fails in a second burst (the dunning path: failure record, reminder
 * email into the outbox and the queue). Every event is signed as the provider signs it and sent at
 * once; reported: answer latency p50/p99/max per burst against the provider's 5 s deadline.
 *
 *   cd apps/server && node --import tsx --conditions=@formwell/source bench/payment-webhooks.ts
 */
const subscribers = Number(process.env.SUBSCRIBERS ?? '200');
const appDir = fileURLToPath(new URL('..', import.meta.url));
const secret = 'whsec_bench_secret_value';
const deadlineMs = 5_000;

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_payment_bench`;
const config = loadConfig({ env: {} });
await connectDatabase({ uri: mongoUri });
const people: { userId: string; customer: string; subscription: string }[] = [];
for (let index = 0; index < subscribers; index++) {
  const user = await createUser({ config, input: { email: `payer-${index}@example.com`, plan: 'FREE' } });
  people.push({ userId: user.id, customer: stripeId('cus'), subscription: stripeId('sub') });
}
await disconnectDatabase();

const server = spawnProcess(
  process.execPath,
  ['--import', 'tsx', '--conditions=@formwell/source', 'bench/server-entry.ts'],
  {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: mongoUri,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      STRIPE_WEBHOOK_SECRET: secret,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      NODE_ENV: 'development',
      // The entry then loads the sources, as the source condition above resolves the packages.
      BENCH_FROM_SOURCES: '1',
    },
  },
);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function burst(base: string, name: string, events: TStripeEvent[]) {
  const started = performance.now();
  const results = await Promise.all(
    events.map(async (event) => {
      const body = JSON.stringify(event);
      const sentAt = performance.now();
      const response = await fetch(`${base}/api/webhooks/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, secret) },
        body,
      });
      await response.text();

      return { status: response.status, ms: performance.now() - sentAt };
    }),
  );
  const latencies = results.map((result) => result.ms);
  const failed = results.filter((result) => result.status !== 200).length;
  const late = latencies.filter((ms) => ms > deadlineMs).length;
  console.log(
    `${name}: ${events.length} events in ${Math.round(performance.now() - started)} ms; ` +
      `p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, ` +
      `max ${Math.round(Math.max(...latencies))} ms; non-200: ${failed}; over ${deadlineMs} ms: ${late}`,
  );
}

try {
  const [, base = ''] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);
  const t0 = nowSeconds() - 600;
  await burst(
    base,
    'checkout.session.completed burst',
    people.map((person) =>
      stripeEvent('checkout.session.completed', checkoutSession({ ...person, plan: 'STANDARD' }), {
        created: t0,
      }),
    ),
  );
  await burst(
    base,
    'invoice.payment_failed burst',
    people.map((person, index) =>
      stripeEvent(
        'invoice.payment_failed',
        invoiceObject({ ...person, paid: false, shape: index % 2 === 0 ? 'classic' : 'basil' }),
        { created: t0 + 10, shape: index % 2 === 0 ? 'classic' : 'basil' },
      ),
    ),
  );
} finally {
  await server.stop();
  await Promise.all([redis.stop(), mongo.stop()]);
}
