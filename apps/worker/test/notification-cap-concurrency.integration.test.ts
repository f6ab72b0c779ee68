import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import {
  DEVELOPER_NOTIFICATIONS_PER_HOUR,
  createForm,
  createUser,
  loadConfig,
  notificationHourStart,
  sendSubmissionEmail,
  submitForm,
} from '@formwell/core';
import { EmailLogModel, FormModel, connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { createMailer } from '../src/mailer.js';

const config = loadConfig({ env: {} });
const JOBS = 20;
// Notifications left in the hour when the burst starts.
const LEFT = 5;
const ALREADY_SENT = DEVELOPER_NOTIFICATIONS_PER_HOUR - LEFT;
const now = new Date(Date.UTC(2032, 2, 3, 14, 30, 0));

/**
 * The SMTP server holds every message until the burst has shown its hand: each job is either inside
 * a send or finished (skipped by the cap), or more messages are in flight than the hour has left.
 * So every job checks the cap while the others are still sending, whatever the machine's speed.
 */
const held: (() => void)[] = [];
let finished = 0;
let gateOpen = false;
const delivered: string[] = [];

function openGateWhenSettled() {
  if (!gateOpen && (held.length + finished === JOBS || held.length > LEFT)) {
    gateOpen = true;
    for (const release of held.splice(0)) {
      release();
    }
  }
}

let smtp: SMTPServer;
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('worker_notification_cap') });
  await ensureIndexes();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Mail to bounce@… is refused for good (550), as an unknown mailbox is.
    onRcptTo(address, _session, callback) {
      callback(
        address.address.startsWith('bounce@')
          ? Object.assign(new Error('No such user'), { responseCode: 550 })
          : undefined,
      );
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        const accept = () => {
          delivered.push('message');
          callback();
        };
        if (gateOpen) {
          accept();

          return;
        }
        held.push(accept);
        openGateWhenSettled();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    from: 'forms@example.com',
  });
});

afterAll(async () => {
  mailer.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await disconnectDatabase();
});

/** A PRO owner and a form that notifies its developer (at `developerEmail` when given). */
async function ownerWithNotifyingForm(name: string, developerEmail?: string) {
  const user = await createUser({
    config,
    input: { email: `owner-${randomBytes(5).toString('hex')}@example.com`, plan: 'PRO' },
  });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name,
      formType: 'contact',
      emailSettings: { developerNotificationsEnabled: true, ...(developerEmail ? { developerEmail } : {}) },
    },
  });

  return { user, form };
}

type TOwner = Awaited<ReturnType<typeof ownerWithNotifyingForm>>;

/** One submission to the owner's form, then its developer notification sent as the worker would. */
async function submitAndNotify({ user, form }: TOwner, message: string) {
  const { outbox } = await submitForm({
    config,
    user: { id: user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: form.id, data: { message } },
  });
  const item = outbox.find((entry) => entry.kind === 'email.developer');
  if (!item) {
    throw new Error('no developer notification planned');
  }
  const { userId, formId, submissionId, entryId } = item;

  return sendSubmissionEmail({
    job: { kind: 'email.developer', userId, formId, submissionId, entryId },
    mailer,
    config,
    lastAttempt: false,
    now,
  });
}

/** The hour a form counts its notifications in, and how many it counted. */
const countedOn = (formId: string) =>
  FormModel.findById(formId, { notificationHour: 1, notificationsSent: 1 }, { strict: false }).lean<{
    notificationHour?: Date;
    notificationsSent?: number;
  }>();

test('a burst of notifications sent at once never passes the hourly cap', async () => {
  const { user, form } = await ownerWithNotifyingForm('Busy');
  const hourStart = notificationHourStart(now);
  // The hour so far, as both the log and the form's counter hold it.
  await FormModel.updateOne(
    { _id: form.id },
    { $set: { notificationHour: hourStart, notificationsSent: ALREADY_SENT } },
    { strict: false },
  );
  await EmailLogModel.insertMany(
    Array.from({ length: ALREADY_SENT }, () => ({
      userId: user.id,
      formId: form.id,
      submissionId: form.id,
      entryId: randomBytes(12).toString('hex'),
      kind: 'email.developer',
      to: 'owner@example.com',
      subject: 'x',
      status: 'sent',
      createdAt: new Date(hourStart.getTime() + 60_000),
    })),
  );
  const jobs = [];
  for (let n = 0; n < JOBS; n++) {
    const { outbox } = await submitForm({
      config,
      user: { id: user.id, plan: 'PRO', quotaLimit: 10_000 },
      input: { formId: form.id, data: { message: `m${n}` } },
    });
    for (const item of outbox.filter((entry) => entry.kind === 'email.developer')) {
      jobs.push({ ...item, kind: 'email.developer' as const });
    }
  }
  expect(jobs).toHaveLength(JOBS);

  const outcomes = await Promise.all(
    jobs.map(({ kind, userId, formId, submissionId, entryId }) =>
      sendSubmissionEmail({
        job: { kind, userId, formId, submissionId, entryId },
        mailer,
        config,
        lastAttempt: false,
        now,
      }).finally(() => {
        finished += 1;
        openGateWhenSettled();
      }),
    ),
  );

  const statuses = outcomes.map((outcome) => outcome.status).toSorted();
  expect(statuses).toEqual(
    [...Array<string>(JOBS - LEFT).fill('skipped'), ...Array<string>(LEFT).fill('sent')].toSorted(),
  );
  expect(delivered).toHaveLength(LEFT);
  expect(
    await EmailLogModel.countDocuments({ formId: form.id, kind: 'email.developer', status: 'sent' }),
  ).toBe(DEVELOPER_NOTIFICATIONS_PER_HOUR);
});

test('a notification that was not sent gives its slot back', async () => {
  const { user, form } = await ownerWithNotifyingForm('Bouncing', 'bounce@example.com');
  const hourStart = notificationHourStart(now);
  await FormModel.updateOne(
    { _id: form.id },
    { $set: { notificationHour: hourStart, notificationsSent: DEVELOPER_NOTIFICATIONS_PER_HOUR - 1 } },
    { strict: false },
  );
  const send = () => submitAndNotify({ user, form }, 'hello');
  const counter = async () => (await countedOn(form.id))?.notificationsSent;

  // Refused for good (550): nothing went out, so the last slot of the hour is free again.
  expect(await send()).toMatchObject({ status: 'failed', retry: false });
  expect(await counter()).toBe(DEVELOPER_NOTIFICATIONS_PER_HOUR - 1);
  expect((await send()).status).toBe('failed');
  expect(await counter()).toBe(DEVELOPER_NOTIFICATIONS_PER_HOUR - 1);
});

test('a worker whose clock is behind the one that opened the next hour still sends, counted in that hour', async () => {
  const owner = await ownerWithNotifyingForm('Skewed');
  // Another worker, its clock a little ahead, already counts the next hour on this form.
  const nextHour = new Date(notificationHourStart(now).getTime() + 3_600_000);
  await FormModel.updateOne(
    { _id: owner.form.id },
    { $set: { notificationHour: nextHour, notificationsSent: 1 } },
    { strict: false },
  );

  expect((await submitAndNotify(owner, 'late clock')).status).toBe('sent');
  expect(await countedOn(owner.form.id)).toMatchObject({ notificationHour: nextHour, notificationsSent: 2 });
});

test('an hour far in the future (a clock hours ahead) does not hold the count: this hour is opened', async () => {
  const owner = await ownerWithNotifyingForm('Far ahead');
  const farAhead = new Date(notificationHourStart(now).getTime() + 5 * 3_600_000);
  await FormModel.updateOne(
    { _id: owner.form.id },
    { $set: { notificationHour: farAhead, notificationsSent: DEVELOPER_NOTIFICATIONS_PER_HOUR } },
    { strict: false },
  );

  expect((await submitAndNotify(owner, 'on time')).status).toBe('sent');
  expect(await countedOn(owner.form.id)).toMatchObject({
    notificationHour: notificationHourStart(now),
    notificationsSent: 1,
  });
});
