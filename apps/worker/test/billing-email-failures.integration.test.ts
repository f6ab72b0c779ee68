import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { createUser, loadConfig, OWNER_NOT_VERIFIED, sendBillingEmail } from '@formwell/core';
import {
  BillingEmailModel,
  billingEmailRepository,
  connectDatabase,
  disconnectDatabase,
  EmailLogModel,
} from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { createMailer } from '../src/mailer.js';

const config = loadConfig({ env: {} });
let smtp: SMTPServer;
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  // A real SMTP server that refuses: for good (550) to bounce-…, for now (451) to everyone else.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const permanent = address.address.startsWith('bounce-');
      const error = Object.assign(new Error(permanent ? 'No such user' : 'Try again later'), {
        responseCode: permanent ? 550 : 451,
      });
      callback(error);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Formwell <billing@formwell.test>' });
  await connectDatabase({ uri: testMongoUri('worker_billing_email_failures') });
});

afterAll(async () => {
  mailer.close();
  await disconnectDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A pending billing welcome for a new account at `localPart@example.com`. */
async function pendingWelcome(localPart: string, { emailVerified = true } = {}) {
  const email = `${localPart}@example.com`;
  const user = await createUser({ config, input: { email, plan: 'FREE' }, emailVerified });
  const emailId = await billingEmailRepository.plan({
    eventId: `evt_${randomBytes(12).toString('hex')}`,
    kind: 'billing.welcome',
    userId: user.id,
    plan: 'STANDARD',
    attemptNumber: null,
    nextRetryAt: null,
    actionUrl: 'http://localhost:3000/billing',
  });

  return { emailId, to: email };
}

const outboxEntry = (emailId: string) =>
  BillingEmailModel.findById(emailId, { status: 1, attempts: 1, lastError: 1, _id: 0 }).lean();

const logEntries = (emailId: string) =>
  EmailLogModel.find({ entryId: emailId }, { kind: 1, to: 1, status: 1, error: 1, _id: 0 }).lean();

test('a temporary refusal is retried (counted, not logged) until the last attempt, then logged failed and closed', async () => {
  const { emailId, to } = await pendingWelcome(`later-${randomBytes(4).toString('hex')}`);

  const first = await sendBillingEmail({ job: { emailId }, mailer, lastAttempt: false });
  expect(first).toMatchObject({ status: 'failed', retry: true });
  expect(first.status === 'failed' && first.error).toMatch(/451/);
  expect(await outboxEntry(emailId)).toMatchObject({ status: 'pending', attempts: 1 });
  expect((await outboxEntry(emailId))?.lastError).toMatch(/451/);
  expect(await logEntries(emailId)).toEqual([]);

  const last = await sendBillingEmail({ job: { emailId }, mailer, lastAttempt: true });
  expect(last).toMatchObject({ status: 'failed', retry: false });
  expect(await outboxEntry(emailId)).toMatchObject({ status: 'done', attempts: 2 });
  expect(await logEntries(emailId)).toEqual([
    { kind: 'billing.welcome', to, status: 'failed', error: expect.stringMatching(/451/) as unknown },
  ]);

  // Closed: a repeated job sends nothing and logs nothing more.
  expect(await sendBillingEmail({ job: { emailId }, mailer, lastAttempt: false })).toEqual({
    status: 'skipped',
    reason: 'already sent',
  });
  expect(await logEntries(emailId)).toHaveLength(1);
}, 60_000);

test('a permanent refusal (550) is logged failed and closed on the first attempt', async () => {
  const { emailId, to } = await pendingWelcome(`bounce-${randomBytes(4).toString('hex')}`);

  const outcome = await sendBillingEmail({ job: { emailId }, mailer, lastAttempt: false });
  expect(outcome).toMatchObject({ status: 'failed', retry: false });
  expect(await outboxEntry(emailId)).toMatchObject({ status: 'done', attempts: 1 });
  expect(await logEntries(emailId)).toEqual([
    { kind: 'billing.welcome', to, status: 'failed', error: expect.stringMatching(/550/) as unknown },
  ]);
}, 60_000);

test('an owner whose address is not verified gets no billing mail: logged skipped, closed, never sent', async () => {
  // "bounce-" would be refused for good by this server, so a send attempt could not pass unseen.
  const { emailId, to } = await pendingWelcome(`bounce-unverified-${randomBytes(4).toString('hex')}`, {
    emailVerified: false,
  });

  expect(await sendBillingEmail({ job: { emailId }, mailer, lastAttempt: false })).toEqual({
    status: 'skipped',
    reason: OWNER_NOT_VERIFIED,
  });
  expect(await logEntries(emailId)).toEqual([
    { kind: 'billing.welcome', to, status: 'skipped', error: OWNER_NOT_VERIFIED },
  ]);
  expect(await outboxEntry(emailId)).toMatchObject({ status: 'done', attempts: 0 });
});
