import { randomBytes } from 'node:crypto';

import {
  createForm,
  createOutboxHandOff,
  createUser,
  enqueueOutbox,
  loadConfig,
  submitForm,
  type TOutboxItem,
} from '@formwell/core';
import { EmailLogModel, SubmissionModel } from '@formwell/db';
import { QUEUE_PREFIX, submissionEmailJob, submissionEmailsJob, webhookDeliveryJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { createOutboxClaims } from '../src/email/outbox-claims.js';
import { waitFor } from './helpers/receiver.js';
import { recipientOf, recordingSmtp } from './helpers/recording-smtp.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const smtp = recordingSmtp({
  // Mail to later-… is refused for now (451), as a greylisting relay does: worth a retry.
  refuse: (address) =>
    address.startsWith('later-') ? { responseCode: 451, message: 'Try again later' } : undefined,
  offerStartTls: true,
});
const { received } = smtp;
/** The worker's log lines, as JSON objects. */
const logLines: Record<string, unknown>[] = [];
const worker = workerHarness();
const { connection, producer } = worker;
const emailQueue = worker.queue(submissionEmailJob.queue);

beforeAll(async () => {
  await worker.start({
    mongoUri: testMongoUri('worker_email_window'),
    logger: pino(
      { level: 'info' },
      {
        write: (line: string) => {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    ),
    config,
    smtpUrl: await smtp.start(),
  });
});

afterAll(async () => {
  await worker.stop();
  await smtp.close();
});

/** A PRO form that confirms to the submitter and notifies its owner. */
async function confirmingForm() {
  const owner = `owner-${randomBytes(5).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email: owner, plan: 'PRO' } });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Contact',
      formType: 'contact',
      emailSettings: { enabled: true, developerNotificationsEnabled: true },
      fields: [{ id: 'email', name: 'email', label: 'Email', type: 'text', required: false }],
    },
  });

  return { owner, userId: user.id, formId: form.id };
}

async function submit(target: Awaited<ReturnType<typeof confirmingForm>>, email: string) {
  const { response, outbox } = await submitForm({
    config,
    user: { id: target.userId, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: target.formId, data: { email } },
    submitterVerified: true,
  });

  return { submissionId: response.submissionId, outbox };
}

async function outboxDone(submissionId: string) {
  await waitFor(async () => {
    const doc = await SubmissionModel.findById(submissionId).lean();

    return doc && !doc.hasPendingOutbox ? true : undefined;
  });
}

async function jobFinished(jobId: string) {
  await waitFor(async () => {
    const state = await emailQueue.getJobState(jobId);

    return state === 'completed' || state === 'failed' ? state : undefined;
  });
}

const sentTo = (address: string) => received.filter((mail) => recipientOf(mail) === address).length;
const entryOf = (outbox: TOutboxItem[], kind: TOutboxItem['kind']) =>
  outbox.find((item) => item.kind === kind);

test('emails handed off within one window go as one job, and each is sent once', async () => {
  const target = await confirmingForm();
  const submitters = [0, 1, 2].map(
    (index) => `window-${index}-${randomBytes(4).toString('hex')}@example.com`,
  );
  const submitted = await Promise.all(submitters.map((email) => submit(target, email)));
  const handOff = createOutboxHandOff(producer);

  // As the server does: each submission hands off its own entries, without waiting for the others.
  await Promise.all(submitted.map(({ outbox }) => handOff.enqueue(outbox)));
  await Promise.all(submitted.map(({ submissionId }) => outboxDone(submissionId)));

  const entries = submitted.flatMap(({ outbox }) => outbox.map((item) => item.entryId));
  const windowJob = await emailQueue.getJob(`emails-${entries[0] ?? ''}`);
  expect(windowJob?.name).toBe(submissionEmailsJob.name);
  expect((windowJob?.data as { items: { entryId: string }[] }).items.map((item) => item.entryId)).toEqual(
    entries,
  );
  // No entry had a job of its own.
  expect(await Promise.all(entries.map((entryId) => emailQueue.getJob(`email-${entryId}`)))).toEqual(
    entries.map(() => undefined),
  );
  expect(submitters.map(sentTo)).toEqual([1, 1, 1]);
  expect(sentTo(target.owner)).toBe(3);
  expect(await EmailLogModel.countDocuments({ formId: target.formId, status: 'sent' })).toBe(6);
  await handOff.close();
});

test('an entry another job holds is left to it, its own job waits for the claim without spending tries; sent once', async () => {
  const target = await confirmingForm();
  const submitter = `held-${randomBytes(4).toString('hex')}@example.com`;
  const { submissionId, outbox } = await submit(target, submitter);
  const confirmation = entryOf(outbox, 'email.confirmation');
  const notification = entryOf(outbox, 'email.developer');
  if (!confirmation || !notification) {
    throw new Error('the form owes a confirmation and a notification');
  }
  // The job a sweep gave the confirmation, while it is sending.
  const claims = createOutboxClaims(connection);
  const sweepJob = 'job:a-sweep-job';
  expect(await claims.take(confirmation.entryId, sweepJob)).toBe(true);

  const handOff = createOutboxHandOff(producer);
  await handOff.enqueue(outbox);
  await jobFinished(`emails-${confirmation.entryId}`);

  expect(sentTo(target.owner)).toBe(1);
  expect(sentTo(submitter)).toBe(0);
  const stored = await SubmissionModel.findById(submissionId).lean();
  expect(stored?.outbox.find((entry) => String(entry._id) === confirmation.entryId)?.status).toBe('pending');

  // The entry's own job, while the claim is held, looks again later without spending a try.
  await enqueueOutbox({ producer, items: [confirmation] });
  const ownJobId = `email-${confirmation.entryId}`;
  await waitFor(async () => ((await emailQueue.getJobState(ownJobId)) === 'delayed' ? true : undefined));
  expect((await emailQueue.getJob(ownJobId))?.attemptsMade).toBe(0);
  expect(sentTo(submitter)).toBe(0);

  // The holder gives its claim back; the entry's own job then sends it, once.
  await claims.release(confirmation.entryId, sweepJob);
  await (await emailQueue.getJob(ownJobId))?.promote();
  await outboxDone(submissionId);
  expect(sentTo(submitter)).toBe(1);
  expect(sentTo(target.owner)).toBe(1);
});

test('an email whose first try fails gets its own job with the tries left, its first retry later', async () => {
  const target = await confirmingForm();
  const submitter = `later-${randomBytes(4).toString('hex')}@example.com`;
  const { outbox } = await submit(target, submitter);
  const confirmation = entryOf(outbox, 'email.confirmation');
  const notification = entryOf(outbox, 'email.developer');
  const handOff = createOutboxHandOff(producer);

  await handOff.enqueue(outbox);
  await jobFinished(`emails-${confirmation?.entryId ?? ''}`);

  expect(sentTo(target.owner)).toBe(1);
  expect(sentTo(submitter)).toBe(0);
  const retry = await emailQueue.getJob(`email-${confirmation?.entryId ?? ''}`);
  expect(retry?.name).toBe(submissionEmailJob.name);
  expect(await retry?.getState()).toBe('delayed');
  // Six tries in all, 10 s, 20 s, 40 s… apart, as when the email had its own job from the start.
  expect(retry?.opts).toMatchObject({
    attempts: 5,
    delay: 10_000,
    backoff: { type: 'exponential', delay: 20_000 },
  });
  expect(await emailQueue.getJob(`email-${notification?.entryId ?? ''}`)).toBeUndefined();
  await retry?.remove();
});

test("webhooks keep a job each; close() sends the window's emails at once", async () => {
  // Ids of no stored submission: the worker skips such jobs; what is enqueued is what counts here.
  const id = () => randomBytes(12).toString('hex');
  const common = { userId: id(), formId: id(), submissionId: id(), requestId: null };
  const email: TOutboxItem = { ...common, entryId: id(), kind: 'email.developer', endpointId: null };
  const webhook: TOutboxItem = { ...common, entryId: id(), kind: 'webhook', endpointId: id() };
  const webhookQueue = new Queue(webhookDeliveryJob.queue, { connection, prefix: QUEUE_PREFIX });
  const handOff = createOutboxHandOff(producer);

  const handedOff = handOff.enqueue([email, webhook]);
  // Shutting down within the window: the email goes now rather than after it.
  await handOff.close();
  await handedOff;

  expect((await emailQueue.getJob(`emails-${email.entryId}`))?.data).toEqual({
    items: [
      {
        kind: email.kind,
        userId: common.userId,
        formId: common.formId,
        submissionId: common.submissionId,
        entryId: email.entryId,
      },
    ],
  });
  expect((await webhookQueue.getJob(`webhook-${webhook.entryId}`))?.name).toBe(webhookDeliveryJob.name);
  await webhookQueue.close();
});

test("each email of a window is logged with its own submission's request id", async () => {
  const target = await confirmingForm();
  const submitted = await Promise.all(
    [0, 1].map((index) => submit(target, `req-${index}-${randomBytes(4).toString('hex')}@example.com`)),
  );
  const requestIdOf = (submissionId: string) => `req-${submissionId}`;
  const handOff = createOutboxHandOff(producer);

  await Promise.all(
    submitted.map(({ submissionId, outbox }) =>
      handOff.enqueue(outbox.map((item) => ({ ...item, requestId: requestIdOf(submissionId) }))),
    ),
  );
  await Promise.all(submitted.map(({ submissionId }) => outboxDone(submissionId)));

  for (const { submissionId, outbox } of submitted) {
    for (const { entryId } of outbox) {
      const line = logLines.find(
        (entry) => entry.msg === 'email of a window done' && entry.entryId === entryId,
      );
      expect(line).toMatchObject({ entryId });
      expect(line?.requestId).toBe(requestIdOf(submissionId));
    }
  }
});

test("a job taking its own claim again (run again after its worker died) gets the claim's full time again", async () => {
  const claims = createOutboxClaims(connection);
  const entryId = randomBytes(12).toString('hex');
  const key = `${QUEUE_PREFIX}:outbox-claim:${entryId}`;
  expect(await claims.take(entryId, 'job:first-run')).toBe(true);
  // Most of the claim's time spent by the run that died.
  await connection.pexpire(key, 5_000);

  expect(await claims.take(entryId, 'job:first-run')).toBe(true);
  expect(await connection.pttl(key)).toBeGreaterThan(60_000);
  expect(await claims.take(entryId, 'job:another')).toBe(false);
  await claims.release(entryId, 'job:first-run');
  expect(await connection.exists(key)).toBe(0);
});
