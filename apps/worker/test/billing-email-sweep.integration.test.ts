import { randomBytes } from 'node:crypto';

import { createUser, loadConfig, sweepBillingEmails } from '@formwell/core';
import { BillingEmailModel, billingEmailRepository, EmailLogModel } from '@formwell/db';
import { billingEmailJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { waitFor } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const worker = workerHarness();
const { producer } = worker;
const emailQueue = worker.queue(billingEmailJob.queue);

beforeAll(async () => {
  // No SMTP server: the worker keeps each message whole in the email log (the embedded default).
  await worker.start({ mongoUri: testMongoUri('worker_billing_email'), config });
});

afterAll(() => worker.stop());

test('a billing email whose hand-over was lost is swept to the worker and sent once, escaped', async () => {
  const email = `payer-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email, plan: 'FREE' } });
  // What a payment event leaves behind when Redis was down as it was applied: a pending email.
  const updateUrl = 'https://invoice.stripe.com/i/acct_test/in_1?a=1&b="2"';
  const emailId = await billingEmailRepository.plan({
    eventId: `evt_${randomBytes(12).toString('hex')}`,
    kind: 'billing.payment-failed',
    userId: user.id,
    plan: 'PRO',
    attemptNumber: 2,
    nextRetryAt: new Date('2026-12-01T10:00:00Z'),
    actionUrl: updateUrl,
  });

  expect(await sweepBillingEmails({ producer, olderThanMs: 60_000 })).toBe(0);
  expect(await sweepBillingEmails({ producer, olderThanMs: 0, now: new Date(Date.now() + 1000) })).toBe(1);

  const logged = await waitFor(
    async () => (await EmailLogModel.findOne({ entryId: emailId }).lean()) ?? undefined,
  );
  expect(logged).toMatchObject({ kind: 'billing.payment-failed', to: email, status: 'captured' });
  expect(logged.subject).toBe('Reminder: your Formwell payment failed again');
  expect(logged.text).toContain('(attempt 2 of 3). We will try again on Tue, 01 Dec 2026.');
  expect(logged.html).toContain('href="https://invoice.stripe.com/i/acct_test/in_1?a=1&amp;b=&quot;2&quot;"');
  expect((await BillingEmailModel.findById(emailId).lean())?.status).toBe('done');

  // Done emails are not swept again; a repeated hand-over of the same id sends nothing more.
  expect(await sweepBillingEmails({ producer, olderThanMs: 0, now: new Date(Date.now() + 1000) })).toBe(0);
  expect(await EmailLogModel.countDocuments({ entryId: emailId })).toBe(1);
}, 60_000);

test('an email whose job ended without sending it is sent by the next sweep, not left pending', async () => {
  const email = `welcomed-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email, plan: 'FREE' } });
  // The job of an email ran before the email could be read (nothing to send, so it ended), and is
  // kept under its id, as BullMQ keeps ended jobs for a day. A job that failed for good on errors
  // that never reached the mail server ends the same way for the sweep: ended, email pending.
  const emailId = randomBytes(12).toString('hex');
  await producer.enqueue(billingEmailJob, { emailId });
  const jobId = billingEmailJob.jobId({ emailId });
  await waitFor(async () =>
    (await (await emailQueue.getJob(jobId))?.getState()) === 'completed' ? true : undefined,
  );
  await BillingEmailModel.create({
    _id: emailId,
    eventId: `evt_${randomBytes(12).toString('hex')}`,
    kind: 'billing.welcome',
    userId: user.id,
    plan: 'STANDARD',
    actionUrl: 'https://formwell.example/billing',
  });

  expect(await sweepBillingEmails({ producer, olderThanMs: 0, now: new Date(Date.now() + 1000) })).toBe(1);

  const logged = await waitFor(
    async () => (await EmailLogModel.findOne({ entryId: emailId }).lean()) ?? undefined,
  );
  expect(logged).toMatchObject({
    kind: 'billing.welcome',
    to: email,
    subject: 'Welcome to Formwell STANDARD',
  });
  expect((await BillingEmailModel.findById(emailId).lean())?.status).toBe('done');
}, 60_000);
