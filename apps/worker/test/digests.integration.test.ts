import { randomBytes } from 'node:crypto';

import {
  addMember,
  createForm,
  createUser,
  enqueueOutbox,
  loadConfig,
  removeMember,
  sendDigest,
  setNotificationPreference,
  submitForm,
  DIGEST_EMAIL_KIND,
} from '@formwell/core';
import { caughtMailRepository, EmailLogModel, SubmissionModel } from '@formwell/db';
import { digestJob, QueueName, type TDigestJob } from '@formwell/jobs';
import { testMongoUri } from '@formwell/vitest-config/services';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startMailCatcher, type MailCatcher } from '../src/mail-catcher/start-mail-catcher.js';
import { createMailer } from '../src/mailer.js';
import { MaintenanceJob } from '../src/processors/maintenance.js';
import { waitFor } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

const HOUR = 3_600_000;
const config = loadConfig({ env: {} });
const mongoUri = testMongoUri('worker_digests');
const password = randomBytes(18).toString('base64url');
// A past hour whose digests the tests run: the worker's clock stands just after it.
const period = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;
let clock = period + HOUR + 5_000;
let catcher: MailCatcher;
const worker = workerHarness();
const { producer } = worker;
const maintenance = worker.queue(QueueName.maintenance);
const emails = worker.queue(QueueName.email);

const startWorker = () =>
  worker.start({
    mongoUri,
    config,
    smtpUrl: `smtp://formwell:${password}@127.0.0.1:${catcher.port}`,
    now: () => new Date(clock),
  });

beforeAll(async () => {
  catcher = await startMailCatcher({ user: 'formwell', password, logger: pino({ level: 'silent' }) });
  await startWorker();
});

afterAll(async () => {
  await worker.stop();
  await catcher.close();
});

const address = (who: string) => `${who}-${randomBytes(5).toString('hex')}@example.com`;

/** A PRO workspace with a labelled form. */
async function workspaceWithForm(name: string) {
  const ownerEmail = address('owner');
  const owner = await createUser({ config, input: { email: ownerEmail, plan: 'PRO' } });
  const form = await createForm({
    config,
    userId: owner.id,
    input: {
      name,
      formType: 'contact',
      fields: [{ id: 'message', name: 'message', label: 'Your message', type: 'text', required: false }],
    },
  });

  return { owner, ownerEmail, form };
}

/** A member added by the operator; `verified` as `user create` makes them (a sign-up is not, yet). */
async function member(workspaceId: string, verified = true) {
  const email = address('member');
  const user = await createUser({ config, input: { email, plan: 'FREE' }, emailVerified: verified });
  await addMember({ actor: null, workspaceId, email, role: 'member' });

  return { user, email };
}

const submit = (workspaceId: string, formId: string, message: string) =>
  submitForm({
    config,
    user: { id: workspaceId, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId, data: { message } },
    submitterVerified: true,
  });

/** Submits, lets the worker settle the outbox, and moves the submission into the digest's hour. */
async function submitInPeriod(workspaceId: string, formId: string, message: string, at: number) {
  await notifyInPeriod(await submit(workspaceId, formId, message), at);
}

/** Hands a submission's outbox to the worker, waits until it is settled, and moves it to `at`. */
async function notifyInPeriod({ response, outbox }: Awaited<ReturnType<typeof submit>>, at: number) {
  await enqueueOutbox({ producer, items: outbox });
  await waitFor(async () => {
    const doc = await SubmissionModel.findById(response.submissionId).lean();

    return doc && !doc.hasPendingOutbox ? true : undefined;
  });
  await SubmissionModel.updateOne({ _id: response.submissionId }, { $set: { createdAt: new Date(at) } });
}

const jobData = (workspaceId: string, formId: string, userId: string, periodStart: number): TDigestJob => ({
  workspaceId,
  formId,
  userId,
  cadence: 'hourly',
  periodStart,
});

/** Runs the digest fan-out as the scheduler would, and waits for the given digest jobs to finish. */
async function runDigests(expected: TDigestJob[]) {
  const run = await maintenance.add(MaintenanceJob.queueDigests, {});
  await waitFor(async () =>
    (await maintenance.getJobState(run.id ?? '')) === 'completed' ? true : undefined,
  );
  for (const data of expected) {
    await waitFor(async () =>
      (await emails.getJobState(digestJob.jobId(data))) === 'completed' ? true : undefined,
    );
  }
}

const digestsOf = (formId: string) =>
  EmailLogModel.find({ formId, kind: DIGEST_EMAIL_KIND }).sort({ to: 1 }).lean();

test('one digest per member for the hour: three submissions in one email; a removed or unverified member and an empty form get nothing', async () => {
  const busy = await workspaceWithForm('Busy <form>');
  const workspaceId = busy.owner.id;
  const quiet = await createForm({
    config,
    userId: workspaceId,
    input: { name: 'Quiet', formType: 'contact' },
  });
  const stays = await member(workspaceId);
  const leaves = await member(workspaceId);
  const unverified = await member(workspaceId, false);
  for (const user of [busy.owner, stays.user, leaves.user, unverified.user]) {
    await setNotificationPreference({ workspaceId, formId: busy.form.id, userId: user.id, mode: 'hourly' });
  }
  await setNotificationPreference({ workspaceId, formId: quiet.id, userId: busy.owner.id, mode: 'hourly' });

  for (const [index, message] of ['first', 'second', '<b>third</b>'].entries()) {
    await submitInPeriod(workspaceId, busy.form.id, message, period + (index + 1) * 60_000);
  }
  // The owner is on the digest: no email for each submission.
  expect(await EmailLogModel.countDocuments({ formId: busy.form.id, kind: 'email.developer' })).toBe(0);
  await removeMember({ actor: null, workspaceId, userId: leaves.user.id });

  await runDigests([
    jobData(workspaceId, busy.form.id, busy.owner.id, period),
    jobData(workspaceId, busy.form.id, stays.user.id, period),
    jobData(workspaceId, busy.form.id, leaves.user.id, period),
    jobData(workspaceId, busy.form.id, unverified.user.id, period),
    jobData(workspaceId, quiet.id, busy.owner.id, period),
  ]);

  const sent = await digestsOf(busy.form.id);
  expect(sent.map((entry) => [entry.to, entry.status]).sort()).toEqual(
    [
      [busy.ownerEmail, 'sent'],
      [stays.email, 'sent'],
    ].sort(),
  );
  expect(sent[0]?.subject).toBe('3 new submissions to Busy <form> (hourly digest)');
  const body = await caughtMailRepository.findBody({ messageId: sent[0]?.messageId ?? '' });
  expect(body?.text).toContain('Your message: first');
  expect(body?.text).toContain('Your message: <b>third</b>');
  expect(body?.html).toContain('&lt;b&gt;third&lt;/b&gt;');
  expect(body?.html).not.toContain('<b>third');
  expect(await digestsOf(quiet.id)).toEqual([]);

  // The same digest again (a retried or duplicated job): the period's key finds it sent.
  const mailer = createMailer({
    smtpUrl: `smtp://formwell:${password}@127.0.0.1:${catcher.port}`,
    from: 'forms@formwell.test',
  });
  try {
    const again = await sendDigest({
      job: jobData(workspaceId, busy.form.id, busy.owner.id, period),
      mailer,
      config,
      lastAttempt: false,
    });
    expect(again).toEqual({ status: 'skipped', reason: 'already sent' });
  } finally {
    mailer.close();
  }
  // A second run at the same time finds no new period.
  await runDigests([]);
  expect(await digestsOf(busy.form.id)).toHaveLength(2);
});

test('a period that ends while the worker is down is digested when it starts again', async () => {
  const target = await workspaceWithForm('Restarted');
  const workspaceId = target.owner.id;
  await setNotificationPreference({
    workspaceId,
    formId: target.form.id,
    userId: target.owner.id,
    mode: 'hourly',
  });
  const next = period + HOUR;
  await submitInPeriod(workspaceId, target.form.id, 'while down', next + 60_000);

  await worker.runtime.stop();
  // The scheduler's run is queued in Redis while no worker is there to take it.
  clock = next + 2 * HOUR + 5_000;
  const run = await maintenance.add(MaintenanceJob.queueDigests, {});
  await startWorker();
  await waitFor(async () =>
    (await maintenance.getJobState(run.id ?? '')) === 'completed' ? true : undefined,
  );
  const data = jobData(workspaceId, target.form.id, target.owner.id, next);
  await waitFor(async () =>
    (await emails.getJobState(digestJob.jobId(data))) === 'completed' ? true : undefined,
  );

  const sent = await digestsOf(target.form.id);
  expect(sent.map((entry) => [entry.to, entry.subject, entry.status])).toEqual([
    [target.ownerEmail, '1 new submission to Restarted (hourly digest)', 'sent'],
  ]);
});

test('members on instant each get the notification with labelled fields; the owner by default; others not unless they ask', async () => {
  const target = await workspaceWithForm('Instant');
  const workspaceId = target.owner.id;
  const asks = await member(workspaceId);
  const quiet = await member(workspaceId);
  await setNotificationPreference({
    workspaceId,
    formId: target.form.id,
    userId: asks.user.id,
    mode: 'instant',
  });
  await submitInPeriod(workspaceId, target.form.id, 'hello', Date.now());

  const sent = await EmailLogModel.find({ formId: target.form.id, kind: 'email.developer' }).lean();
  expect(sent.map((entry) => entry.to).sort()).toEqual([target.ownerEmail, asks.email].sort());
  expect(sent.map((entry) => entry.to)).not.toContain(quiet.email);
  const body = await caughtMailRepository.findBody({ messageId: sent[0]?.messageId ?? '' });
  expect(body?.text).toContain('Your message: hello');
  expect(body?.text).toContain(`${config.publicUrl}/forms/${target.form.id}`);
});

test('a member who switches from instant to the hourly digest mid-hour gets in the digest only what was not mailed one by one', async () => {
  const target = await workspaceWithForm('Switched');
  const workspaceId = target.owner.id;
  const switcher = await member(workspaceId);
  const formId = target.form.id;
  await setNotificationPreference({ workspaceId, formId, userId: switcher.user.id, mode: 'instant' });
  // An hour after the earlier tests' periods; the worker's clock stands inside it while mails go out.
  const hour = period + 3 * HOUR;
  clock = hour + 10 * 60_000;
  await submitInPeriod(workspaceId, formId, 'mailed at once one', hour + 60_000);
  await submitInPeriod(workspaceId, formId, 'mailed at once two', hour + 2 * 60_000);

  await setNotificationPreference({ workspaceId, formId, userId: switcher.user.id, mode: 'hourly' });
  clock = hour + 30 * 60_000;
  await submitInPeriod(workspaceId, formId, 'after the switch', hour + 30 * 60_000);
  const instant = await EmailLogModel.find({ formId, kind: 'email.developer', to: switcher.email }).lean();
  expect(instant.map((entry) => entry.status)).toEqual(['sent', 'sent']);

  clock = hour + HOUR + 5_000;
  await runDigests([jobData(workspaceId, formId, switcher.user.id, hour)]);

  const sent = await digestsOf(formId);
  expect(sent.map((entry) => [entry.to, entry.subject, entry.status])).toEqual([
    [switcher.email, '1 new submission to Switched (hourly digest)', 'sent'],
  ]);
  const body = await caughtMailRepository.findBody({ messageId: sent[0]?.messageId ?? '' });
  expect(body?.text).toContain('Your message: after the switch');
  expect(body?.text).not.toContain('mailed at once');
});

test('a member who switches from the hourly digest to instant mid-hour gets the hour up to the switch in its digest and each later submission by itself, none twice', async () => {
  const target = await workspaceWithForm('Moved');
  const workspaceId = target.owner.id;
  const switcher = await member(workspaceId);
  const formId = target.form.id;
  const hour = period + 4 * HOUR;
  await setNotificationPreference({ workspaceId, formId, userId: switcher.user.id, mode: 'hourly' });
  await submitInPeriod(workspaceId, formId, 'before the switch', hour + 60_000);
  // Received before the switch, but its notification job runs only after it (a busy outbox).
  const late = await submit(workspaceId, formId, 'before the switch, notified late');
  await SubmissionModel.updateOne(
    { _id: late.response.submissionId },
    { $set: { createdAt: new Date(hour + 2 * 60_000) } },
  );

  const switchedAt = new Date(hour + 20 * 60_000);
  await setNotificationPreference({
    workspaceId,
    formId,
    userId: switcher.user.id,
    mode: 'instant',
    now: switchedAt,
  });
  await notifyInPeriod(late, hour + 2 * 60_000);
  await submitInPeriod(workspaceId, formId, 'after the switch', hour + 30 * 60_000);

  const instant = await EmailLogModel.find({ formId, kind: 'email.developer', to: switcher.email }).lean();
  expect(instant.map((entry) => entry.status)).toEqual(['sent']);
  const instantBody = await caughtMailRepository.findBody({ messageId: instant[0]?.messageId ?? '' });
  expect(instantBody?.text).toContain('Your message: after the switch');

  clock = hour + HOUR + 5_000;
  await runDigests([jobData(workspaceId, formId, switcher.user.id, hour)]);

  const sent = await digestsOf(formId);
  expect(sent.map((entry) => [entry.to, entry.subject, entry.status])).toEqual([
    [switcher.email, '2 new submissions to Moved (hourly digest)', 'sent'],
  ]);
  const body = await caughtMailRepository.findBody({ messageId: sent[0]?.messageId ?? '' });
  expect(body?.text).toContain('Your message: before the switch');
  expect(body?.text).toContain('Your message: before the switch, notified late');
  expect(body?.text).not.toContain('after the switch');
});

test('members who move between the hourly and the daily digest mid-day get each submission in exactly one digest: the old one up to the move, the new one from it', async () => {
  const DAY = 24 * HOUR;
  const target = await workspaceWithForm('Cadence');
  const workspaceId = target.owner.id;
  const formId = target.form.id;
  const toHourly = await member(workspaceId);
  const toDaily = await member(workspaceId);
  // A UTC day after every earlier test's clock, so the digest runs below find its periods new.
  const day = Math.floor(period / DAY) * DAY + 2 * DAY;
  await setNotificationPreference({ workspaceId, formId, userId: toHourly.user.id, mode: 'daily' });
  await setNotificationPreference({ workspaceId, formId, userId: toDaily.user.id, mode: 'hourly' });
  const job = (userId: string, cadence: TDigestJob['cadence'], periodStart: number): TDigestJob => ({
    workspaceId,
    formId,
    userId,
    cadence,
    periodStart,
  });

  await submitInPeriod(workspaceId, formId, 'early in the day', day + 5 * 60_000);
  clock = day + HOUR + 5_000;
  await runDigests([job(toDaily.user.id, 'hourly', day)]);

  await submitInPeriod(workspaceId, formId, 'before the move', day + HOUR + 5 * 60_000);
  const movedAt = new Date(day + HOUR + 30 * 60_000);
  await setNotificationPreference({
    workspaceId,
    formId,
    userId: toHourly.user.id,
    mode: 'hourly',
    now: movedAt,
  });
  await setNotificationPreference({
    workspaceId,
    formId,
    userId: toDaily.user.id,
    mode: 'daily',
    now: movedAt,
  });
  await submitInPeriod(workspaceId, formId, 'after the move', day + HOUR + 45 * 60_000);
  clock = day + 2 * HOUR + 5_000;
  await runDigests([job(toHourly.user.id, 'hourly', day + HOUR), job(toDaily.user.id, 'hourly', day + HOUR)]);

  await submitInPeriod(workspaceId, formId, 'later on', day + 2 * HOUR + 5 * 60_000);
  clock = day + 3 * HOUR + 5_000;
  await runDigests([job(toHourly.user.id, 'hourly', day + 2 * HOUR)]);
  clock = day + DAY + 5_000;
  await runDigests([job(toHourly.user.id, 'daily', day), job(toDaily.user.id, 'daily', day)]);

  /** How many of a member's digests list each message. */
  const shown = async (email: string) => {
    const counts: Record<string, number> = {};
    for (const entry of (await digestsOf(formId)).filter((sent) => sent.to === email)) {
      const body = await caughtMailRepository.findBody({ messageId: entry.messageId ?? '' });
      for (const line of (body?.text ?? '').split('\n')) {
        const message = /^Your message: (.*)$/.exec(line.trim())?.[1];
        if (message !== undefined) {
          counts[message] = (counts[message] ?? 0) + 1;
        }
      }
    }

    return counts;
  };
  const once = { 'early in the day': 1, 'before the move': 1, 'after the move': 1, 'later on': 1 };
  expect(await shown(toHourly.email)).toEqual(once);
  expect(await shown(toDaily.email)).toEqual(once);
  const subjects = (email: string) =>
    digestsOf(formId).then((sent) =>
      sent
        .filter((entry) => entry.to === email)
        .map((entry) => entry.subject)
        .sort(),
    );
  // The daily digest of the day left stops at the move; the one joined starts from it.
  expect(await subjects(toHourly.email)).toEqual(
    [
      '2 new submissions to Cadence (daily digest)',
      '1 new submission to Cadence (hourly digest)',
      '1 new submission to Cadence (hourly digest)',
    ].sort(),
  );
  expect(await subjects(toDaily.email)).toEqual(
    [
      '1 new submission to Cadence (hourly digest)',
      '1 new submission to Cadence (hourly digest)',
      '2 new submissions to Cadence (daily digest)',
    ].sort(),
  );
});
