import { randomBytes } from 'node:crypto';

import { BillingEmailModel, EmailLogModel } from '@formwell/db';
import { afterEach, expect, test } from 'vitest';

import { createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startSmtp, type ParsedMail } from '../helpers/smtp-server.js';
import { spawnEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import {
  checkoutSession,
  deliver,
  invoiceObject,
  nowSeconds,
  signatureHeader,
  stripeEvent,
  stripeId,
  type TStripeEvent,
} from '../helpers/stripe-events.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

test('dunning emails go out through the worker process to a real SMTP server: reminders 1 and 2, cancellation, reactivation', async () => {
  const { app, env } = await buildTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  const smtp = await startSmtp();
  cleanups.push(smtp.close);
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: env.MONGODB_URI,
    REDIS_URL: env.REDIS_URL,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Formwell Billing <billing@formwell.test>',
  });
  cleanups.push(async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  });
  await worker.waitForOutput(/"msg":"worker started"/, 60_000);

  const owner = await createOwner({ plan: 'FREE' });
  const customer = stripeId('cus');
  const subscription = stripeId('sub');
  const t0 = nowSeconds() - 1000;
  const send = async (event: TStripeEvent, copies = 1) => {
    const body = JSON.stringify(event);
    const header = signatureHeader(body, SECRET);
    const responses = await Promise.all(Array.from({ length: copies }, () => deliver(app, body, header)));
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: copies }, () => 200),
    );
  };
  const invoice = (paid: boolean, created: number) =>
    stripeEvent(
      'invoice.payment_' + (paid ? 'succeeded' : 'failed'),
      invoiceObject({ subscription, customer, paid }),
      {
        created,
      },
    );

  await send(
    stripeEvent(
      'checkout.session.completed',
      checkoutSession({ userId: owner.userId, plan: 'STANDARD', customer, subscription }),
      {
        created: t0,
      },
    ),
  );
  const first = invoice(false, t0 + 10);
  // The provider may deliver one event several times at once: one reminder all the same.
  await send(first, 5);
  await send(invoice(false, t0 + 20));
  await send(invoice(false, t0 + 30));
  await send(invoice(true, t0 + 40));

  const mails = await waitFor(
    async () => {
      const pending = await BillingEmailModel.countDocuments({ userId: owner.userId, status: 'pending' });

      return smtp.received.length >= 5 && pending === 0 ? smtp.received : undefined;
    },
    60_000,
    worker.output,
  );
  const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
  expect(mails.map(to)).toEqual(Array.from({ length: 5 }, () => owner.email));
  const bySubject = new Map(mails.map((mail) => [mail.subject, mail]));
  expect([...bySubject.keys()].sort()).toEqual([
    'Reminder: your Formwell payment failed again',
    'Welcome to Formwell STANDARD',
    'Your Formwell payment failed',
    'Your Formwell subscription is active again',
    'Your Formwell subscription was canceled',
  ]);

  const firstReminder = bySubject.get('Your Formwell payment failed');
  const updateUrl = String(first.data.object.hosted_invoice_url);
  const retryDay = new Date((t0 + 10) * 1000 + 3 * 86_400_000).toUTCString().slice(0, 16);
  expect(firstReminder?.text).toContain('(attempt 1 of 3)');
  expect(firstReminder?.text).toContain(`We will try again on ${retryDay}.`);
  expect(firstReminder?.text).toContain(`Update your payment method: ${updateUrl}`);
  expect(firstReminder?.html).toContain(`<a href="${updateUrl}">Update your payment method</a>`);
  expect(firstReminder?.from?.value[0]?.address).toBe('billing@formwell.test');

  const secondReminder = bySubject.get('Reminder: your Formwell payment failed again');
  const secondRetry = new Date((t0 + 20) * 1000 + 5 * 86_400_000).toUTCString().slice(0, 16);
  expect(secondReminder?.text).toContain('(attempt 2 of 3)');
  expect(secondReminder?.text).toContain(`We will try again on ${secondRetry}.`);

  const canceled = bySubject.get('Your Formwell subscription was canceled');
  expect(canceled?.text).toContain('now on the FREE plan');
  expect(canceled?.text).toContain('Your forms and webhook endpoints are kept');
  expect(canceled?.text).toContain(`Reactivate your subscription: ${testCoreConfig.publicUrl}/billing`);
  expect(canceled?.html).toContain(
    `<a href="${testCoreConfig.publicUrl}/billing">Reactivate your subscription</a>`,
  );

  expect(bySubject.get('Your Formwell subscription is active again')?.text).toContain(
    'STANDARD plan is active again',
  );
  expect(
    (await EmailLogModel.find({ userId: owner.userId }).lean())
      .map((entry) => [entry.kind, entry.status])
      .sort(),
  ).toEqual([
    ['billing.canceled', 'sent'],
    ['billing.payment-failed', 'sent'],
    ['billing.payment-failed', 'sent'],
    ['billing.reactivated', 'sent'],
    ['billing.welcome', 'sent'],
  ]);
}, 180_000);
