import { randomBytes } from 'node:crypto';

import { createForm, createUser, loadConfig, submitForm, sweepOutbox } from '@formwell/core';
import { EmailLogModel, SubmissionModel } from '@formwell/db';
import { submissionEmailJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { waitFor } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const worker = workerHarness();
const { producer } = worker;
const emailQueue = worker.queue(submissionEmailJob.queue);

beforeAll(async () => {
  // No SMTP server: the worker keeps each message whole in the email log (the embedded default).
  await worker.start({
    mongoUri: testMongoUri('worker_outbox_sweep'),
    config,
  });
});

afterAll(async () => {
  await worker.stop();
});

test('an owner notification whose job ended with the entry still pending is sent by the next sweep', async () => {
  const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
  // PRO: the owner's notification is on by default.
  const user = await createUser({ config, input: { email, plan: 'PRO' } });
  const form = await createForm({ config, userId: user.id, input: { name: 'Contact', formType: 'contact' } });
  const { response, outbox } = await submitForm({
    config,
    user: { id: user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: form.id, data: { message: 'hello' } },
  });
  const notification = outbox.find((item) => item.kind === 'email.developer');
  if (!notification) {
    throw new Error('a PRO form owes its owner a notification');
  }
  const { entryId, submissionId } = notification;
  const job = { kind: 'email.developer' as const, userId: user.id, formId: form.id, submissionId, entryId };

  // The entry's job ran while the submission could not be read (nothing to send, so it ended) and
  // is kept under its id, as BullMQ keeps ended jobs for days: the entry is still pending.
  const stored = await SubmissionModel.findById(submissionId).lean();
  if (!stored) {
    throw new Error('the submission is stored');
  }
  await SubmissionModel.deleteOne({ _id: submissionId });
  await producer.enqueue(submissionEmailJob, job);
  const jobId = submissionEmailJob.jobId(job);
  await waitFor(async () =>
    (await (await emailQueue.getJob(jobId))?.getState()) === 'completed' ? true : undefined,
  );
  await SubmissionModel.collection.insertOne(stored);
  expect(await EmailLogModel.countDocuments({ entryId })).toBe(0);

  expect(await sweepOutbox({ producer, olderThanMs: 0, now: new Date(Date.now() + 1000) })).toBe(1);

  const logged = await waitFor(async () => (await EmailLogModel.findOne({ entryId }).lean()) ?? undefined);
  expect(logged).toMatchObject({ to: email });
  const entry = await waitFor(async () => {
    const submission = await SubmissionModel.findById(response.submissionId).lean();
    const found = submission?.outbox.find((each) => String(each._id) === entryId);

    return found?.status === 'done' ? found : undefined;
  });
  expect(entry.status).toBe('done');
  // Swept again, a done entry owes nothing: still one email.
  expect(await sweepOutbox({ producer, olderThanMs: 0, now: new Date(Date.now() + 1000) })).toBe(0);
  expect(await EmailLogModel.countDocuments({ entryId })).toBe(1);
}, 60_000);
