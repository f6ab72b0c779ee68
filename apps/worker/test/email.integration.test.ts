import { randomBytes } from 'node:crypto';

import {
  createForm,
  createUser,
  enqueueOutbox,
  getEmail,
  loadConfig,
  submitForm,
  submitPublicForm,
  type TPlan,
  UNVERIFIED_SUBMITTER_REASON,
  updateForm,
} from '@formwell/core';
import { EmailLogModel, SubmissionModel } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { waitFor } from './helpers/receiver.js';
import { recipientOf, recordingSmtp } from './helpers/recording-smtp.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const smtp = recordingSmtp({
  // Mail to bounce@… is refused for good (550), as an unknown mailbox is. STARTTLS is offered with
  // a certificate nobody could verify: mail to a loopback address arrives all the same.
  refuse: (address) =>
    address.startsWith('bounce@') ? { responseCode: 550, message: 'No such user' } : undefined,
  offerStartTls: true,
});
const { received } = smtp;
const worker = workerHarness();
const { producer } = worker;

beforeAll(async () => {
  await worker.start({
    mongoUri: testMongoUri('worker_email'),
    config,
    smtpUrl: await smtp.start(),
    mailFrom: 'Formwell <forms@formwell.test>',
  });
});

afterAll(async () => {
  await worker.stop();
  await smtp.close();
});

/** A form set up on PRO; `plan` is the plan its owner submits under (e.g. after a downgrade). */
async function formOf(plan: TPlan, emailSettings: Record<string, unknown>) {
  const owner = `owner-${randomBytes(5).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email: owner, plan: 'PRO' } });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Support <desk>',
      formType: 'contact',
      emailSettings,
      fields: [
        { id: 'email', name: 'email', label: 'Your email', type: 'text', required: false },
        { id: 'message', name: 'message', label: 'Your message', type: 'text', required: false },
      ],
    },
  });

  return { owner, user, form, plan };
}

/** Waits until the worker has done every outbox entry of the submission. */
async function outboxDone(submissionId: string) {
  await waitFor(async () => {
    const doc = await SubmissionModel.findById(submissionId).lean();

    return doc && !doc.hasPendingOutbox ? true : undefined;
  });
}

/** Submits as a server-side key does (a verified submitter) unless `verified` is false. */
async function submitAndWait(
  target: Awaited<ReturnType<typeof formOf>>,
  data: Record<string, unknown>,
  verified = true,
) {
  const { response, outbox } = await submitForm({
    config,
    user: { id: target.user.id, plan: target.plan, quotaLimit: 10_000 },
    input: { formId: target.form.id, data },
    submitterVerified: verified,
  });
  await enqueueOutbox({ producer, items: outbox });
  await outboxDone(response.submissionId);

  return { response, outbox };
}

test('PRO: the submitter gets a confirmation and the owner a notification, user data escaped', async () => {
  const target = await formOf('PRO', {
    enabled: true,
    developerNotificationsEnabled: true,
    replyTo: 'help@example.com',
  });
  const submitter = `jane-${randomBytes(4).toString('hex')}@example.com`;
  await submitAndWait(target, { email: submitter, message: '<script>alert(1)</script>' });

  const confirmation = received.find((mail) => recipientOf(mail) === submitter);
  const notification = received.find((mail) => recipientOf(mail) === target.owner);
  expect(confirmation?.subject).toBe('We received your submission to Support <desk>');
  expect(confirmation?.replyTo?.value[0]?.address).toBe('help@example.com');
  expect(confirmation?.from?.value[0]?.address).toBe('forms@formwell.test');
  // The confirmation quotes nothing the submitter typed.
  expect(confirmation?.text).not.toContain('alert(1)');
  expect(confirmation?.html).not.toContain('alert(1)');
  expect(notification?.subject).toBe('New submission to Support <desk>');
  // Under the field's label, with a link to the form's own page in the dashboard.
  expect(notification?.text).toContain('Your message: <script>alert(1)</script>');
  expect(notification?.text).toContain(`See all submissions (${config.publicUrl}/forms/${target.form.id}`);
  expect(notification?.html).toContain(`href="${config.publicUrl}/forms/${target.form.id}"`);
  expect(notification?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(notification?.html).not.toContain('<script>');
  // The owner answers the submitter by replying; the owner's own reply-to is for the confirmation.
  expect(notification?.replyTo?.value.map((address) => address.address)).toEqual([submitter]);
  expect(
    (await EmailLogModel.find({ formId: target.form.id }).lean())
      .map((entry) => [entry.kind, entry.status, entry.from, entry.replyTo])
      .sort(),
  ).toEqual([
    ['email.confirmation', 'sent', 'Formwell <forms@formwell.test>', 'help@example.com'],
    ['email.developer', 'sent', 'Formwell <forms@formwell.test>', submitter],
  ]);
  // `mail show` and the dashboard show where answers go, as the message itself said.
  const logged = await EmailLogModel.findOne({ formId: target.form.id, kind: 'email.confirmation' }).lean();
  expect(
    await getEmail({ reader: { all: true }, visibility: 'everything', id: String(logged?._id) }),
  ).toMatchObject({
    to: submitter,
    from: 'Formwell <forms@formwell.test>',
    replyTo: 'help@example.com',
  });
});

test('plan rules (owner downgraded): FREE sends nothing, STANDARD confirms without notifying; no address, no confirmation', async () => {
  const free = await formOf('FREE', { enabled: true, developerNotificationsEnabled: true });
  const freeSubmitter = `free-${randomBytes(4).toString('hex')}@example.com`;
  const { outbox: freeOutbox } = await submitForm({
    config,
    user: { id: free.user.id, plan: 'FREE', quotaLimit: 100 },
    input: { formId: free.form.id, data: { email: freeSubmitter } },
  });
  expect(freeOutbox).toEqual([]);

  const standard = await formOf('STANDARD', { enabled: true, developerNotificationsEnabled: true });
  const submitter = `std-${randomBytes(4).toString('hex')}@example.com`;
  await submitAndWait(standard, { email: submitter });
  expect(received.filter((mail) => recipientOf(mail) === submitter)).toHaveLength(1);
  expect(received.filter((mail) => recipientOf(mail) === standard.owner)).toHaveLength(0);

  const noEmail = await submitForm({
    config,
    user: { id: standard.user.id, plan: 'STANDARD', quotaLimit: 100 },
    input: { formId: standard.form.id, data: { message: 'no address' } },
  });
  expect(noEmail.outbox).toEqual([]);
});

test('a notification whose submission holds no valid address has no Reply-To', async () => {
  const target = await formOf('PRO', { developerNotificationsEnabled: true, replyTo: 'help@example.com' });
  await submitAndWait(target, { email: 'not an address\r\nBcc: x@example.com', message: 'hi' });
  const notification = received.find((mail) => recipientOf(mail) === target.owner);
  expect(notification?.subject).toBe('New submission to Support <desk>');
  expect(notification?.replyTo).toBeUndefined();
  expect(notification?.headers.has('reply-to')).toBe(false);
});

test('a permanent refusal (550) is logged failed and not retried', async () => {
  const target = await formOf('PRO', { enabled: true, developerNotificationsEnabled: false });
  await submitAndWait(target, { email: 'bounce@example.com' });
  const [entry] = await EmailLogModel.find({ formId: target.form.id }).lean();
  expect(entry?.status).toBe('failed');
  expect(entry?.error).toMatch(/550/);
  const doc = await SubmissionModel.findOne({ formId: target.form.id }).lean();
  expect(doc?.outbox[0]?.attempts).toBe(1);
});

// The hourly cap of developer notifications and its summary: developer-summary.integration.test.ts.

const PHISH = 'URGENT: your account is locked, verify at http://phish.example/login';

/** The mail log of a form: kind, status and reason, in order. */
async function logOf(formId: string) {
  return (await EmailLogModel.find({ formId }).sort({ createdAt: 1, _id: 1 }).lean()).map((entry) => [
    entry.kind,
    entry.status,
    entry.error,
  ]);
}

test('the phishing reproduction: a public form without CAPTCHA mails the victim nothing, via /f/ or an embed key', async () => {
  // The owner's notification (on by default on PRO) is left out: the confirmations are the subject.
  const target = await formOf('PRO', { enabled: true, developerNotificationsEnabled: false });
  await updateForm({
    config,
    userId: target.user.id,
    formId: target.form.id,
    data: { publicSubmissions: { enabled: true } },
  });
  const victim = `victim-${randomBytes(4).toString('hex')}@example.com`;
  // Through /f/ (core's keyless submit, as the route calls it).
  const viaPublic = await submitPublicForm({
    config,
    formId: target.form.id,
    body: { email: victim, message: PHISH },
  });
  await enqueueOutbox({ producer, items: viaPublic.outbox });
  await outboxDone(viaPublic.response.submissionId);
  // Through an embed key: the submit route passes an origin-restricted key as unverified.
  await submitAndWait(target, { email: victim, message: PHISH }, false);

  expect(received.filter((mail) => recipientOf(mail) === victim)).toEqual([]);
  expect(await logOf(target.form.id)).toEqual([
    ['email.confirmation', 'skipped', UNVERIFIED_SUBMITTER_REASON],
    ['email.confirmation', 'skipped', UNVERIFIED_SUBMITTER_REASON],
  ]);
});

test("the owner's knowing switch sends unverified confirmations, within 3 per address per 24 h per owner and 10 per install", async () => {
  const victim = `capped-${randomBytes(4).toString('hex')}@example.com`;
  const first = await formOf('PRO', {
    enabled: true,
    confirmUnverified: true,
    developerNotificationsEnabled: false,
  });
  for (let i = 0; i < 4; i += 1) {
    await submitAndWait(first, { email: victim, message: PHISH }, false);
  }
  expect(received.filter((mail) => recipientOf(mail) === victim)).toHaveLength(3);
  const tenantCap = 'confirmation limit reached: 3 per address per 24 h for this account';
  expect((await logOf(first.form.id)).map(([, status, error]) => [status, error])).toEqual([
    ['sent', null],
    ['sent', null],
    ['sent', null],
    ['skipped', tenantCap],
  ]);

  // Other owners share the install's cap: 7 more reach the address (the 4th owner's first), then none.
  const others = await Promise.all(
    [1, 2, 3, 4].map(() => formOf('PRO', { enabled: true, developerNotificationsEnabled: false })),
  );
  for (const other of others) {
    for (let i = 0; i < 2; i += 1) {
      await submitAndWait(other, { email: victim });
    }
  }
  expect(received.filter((mail) => recipientOf(mail) === victim)).toHaveLength(10);
  const last = others.at(-1);
  expect(last && (await logOf(last.form.id)).map(([, status, error]) => [status, error])).toEqual([
    ['sent', null],
    ['skipped', 'confirmation limit reached: 10 per address per 24 h for this install'],
  ]);
});

test('a confirmation template quotes the submitter to a verified submitter only; an unverified one gets the built-in body', async () => {
  const target = await formOf('PRO', {
    enabled: true,
    confirmUnverified: true,
    developerNotificationsEnabled: false,
    confirmationTemplate: {
      subject: 'Thanks from {{form.name}}',
      body: 'You wrote: {{field.message}}',
    },
  });
  const verified = `verified-${randomBytes(4).toString('hex')}@example.com`;
  const unverified = `unverified-${randomBytes(4).toString('hex')}@example.com`;
  await submitAndWait(target, { email: verified, message: 'See you on Monday' });
  await submitAndWait(target, { email: unverified, message: PHISH }, false);

  const toVerified = received.find((mail) => recipientOf(mail) === verified);
  expect(toVerified?.subject).toBe('Thanks from Support <desk>');
  expect(toVerified?.text).toContain('You wrote: See you on Monday');
  const toUnverified = received.find((mail) => recipientOf(mail) === unverified);
  // The subject quotes nothing the submitter typed, so it stays; the body falls back to the built-in.
  expect(toUnverified?.subject).toBe('Thanks from Support <desk>');
  expect(toUnverified?.text).not.toContain('You wrote');
  expect(toUnverified?.text).not.toContain(PHISH);
  expect(toUnverified?.html).not.toContain('phish.example');
});
