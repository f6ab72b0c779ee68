import { randomBytes } from 'node:crypto';

import {
  DEVELOPER_SUMMARY_EMAIL_KIND,
  createForm,
  createUser,
  enqueueOutbox,
  loadConfig,
  submitForm,
} from '@formwell/core';
import { EmailLogModel, FormModel, SubmissionModel } from '@formwell/db';
import { QueueName, developerSummaryJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { waitFor } from './helpers/receiver.js';
import { recipientOf, recordingSmtp } from './helpers/recording-smtp.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const smtp = recordingSmtp();
const { received } = smtp;
const worker = workerHarness();
const { producer } = worker;
const queue = worker.queue(QueueName.email);

// The worker's clock: 10:20 UTC, so the capped hour is 10:00-11:00 and its summary is due at 11:00.
// A year far ahead keeps this file's hours apart from anything else in the shared queue.
const clock = { now: new Date(Date.UTC(2031, 0, 15, 10, 20, 0)) };

beforeAll(async () => {
  await worker.start({
    mongoUri: testMongoUri('worker_developer_summary'),
    config,
    smtpUrl: await smtp.start(),
    now: () => clock.now,
  });
});

afterAll(async () => {
  await worker.stop();
  await smtp.close();
});

async function submitAndWait(userId: string, formId: string, message: string) {
  const { response, outbox } = await submitForm({
    config,
    user: { id: userId, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId, data: { message } },
  });
  await enqueueOutbox({ producer, items: outbox });
  await waitFor(async () => {
    const doc = await SubmissionModel.findById(response.submissionId).lean();

    return doc && !doc.hasPendingOutbox ? true : undefined;
  });
}

test('past 100 notifications in an hour, the rest are skipped and one summary counts them after the hour', async () => {
  const owner = `owner-${randomBytes(5).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email: owner, plan: 'PRO' } });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Busy <form>',
      formType: 'contact',
      emailSettings: { developerNotificationsEnabled: true },
    },
  });
  const hourStart = Date.UTC(2031, 0, 15, 10, 0, 0);
  // 100 notifications already went out this hour: the form's counter took all its slots, and the
  // log holds them (one more the hour before).
  await FormModel.updateOne(
    { _id: form.id },
    { $set: { notificationHour: new Date(hourStart), notificationsSent: 100 } },
  );
  await EmailLogModel.insertMany(
    Array.from({ length: 101 }, (_, index) => ({
      userId: user.id,
      formId: form.id,
      submissionId: form.id,
      entryId: randomBytes(12).toString('hex'),
      kind: 'email.developer',
      to: owner,
      subject: 'x',
      status: 'sent',
      createdAt: new Date(index === 100 ? hourStart - 60_000 : hourStart + 60_000),
    })),
  );

  for (const message of ['one', 'two', 'three']) {
    await submitAndWait(user.id, form.id, message);
  }
  // Nothing reached the owner: three skipped, no summary before the hour is over.
  expect(received.filter((mail) => recipientOf(mail) === owner)).toEqual([]);
  expect(
    await EmailLogModel.countDocuments({ formId: form.id, kind: 'email.developer', status: 'skipped' }),
  ).toBe(3);

  // One summary job for the form and hour, held until 11:00 by the worker's clock (40 minutes on).
  const summaries = (await queue.getJobs(['delayed'])).filter(
    (job) => (job.data as { formId?: string }).formId === form.id,
  );
  expect(summaries.map((job): unknown[] => [job.id, job.data as unknown, job.opts.delay])).toEqual([
    [`email-summary-${form.id}-${hourStart}`, { userId: user.id, formId: form.id, hourStart }, 40 * 60_000],
  ]);

  // The hour is over: the clock moves on and the job is due now.
  clock.now = new Date(hourStart + 3_600_000 + 5_000);
  await summaries[0]?.promote();
  const summary = await waitFor(() => received.find((mail) => recipientOf(mail) === owner));
  expect(summary.subject).toBe('3 skipped notifications for Busy <form>');
  expect(summary.text).toContain('between 2031-01-15 10:00-11:00 UTC');
  expect(summary.text).toContain('so 3 notifications were not sent');
  expect(summary.html).toContain('Busy &lt;form&gt;');
  expect(summary.html).not.toContain('<form>');
  expect(
    await EmailLogModel.find(
      { formId: form.id, kind: DEVELOPER_SUMMARY_EMAIL_KIND },
      { status: 1, _id: 0 },
    ).lean(),
  ).toEqual([{ status: 'sent' }]);

  // Enqueued again (another skip's scheduling, or the sweep): nothing more is sent.
  await producer.enqueue(developerSummaryJob, { userId: user.id, formId: form.id, hourStart });
  const again = await queue.getJob(`email-summary-${form.id}-${hourStart}`);
  expect(again?.id).toBe(summaries[0]?.id);
  expect(await again?.getState()).toBe('completed');
  expect(received.filter((mail) => recipientOf(mail) === owner)).toHaveLength(1);
}, 60_000);
