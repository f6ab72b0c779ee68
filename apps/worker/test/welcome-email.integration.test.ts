import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import {
  WELCOME_EMAIL_KIND,
  createUser,
  enqueueWelcomeEmail,
  loadConfig,
  sendWelcomeEmail,
} from '@formwell/core';
import { EmailLogModel, UserModel } from '@formwell/db';
import { createJobProducer, createWorkerConnection } from '@formwell/jobs';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { createMailer } from '../src/mailer.js';
import { startWorkerRuntime, type WorkerRuntime } from '../src/runtime.js';
import { waitFor } from './helpers/receiver.js';

const config = loadConfig({ env: { PUBLIC_URL: 'https://forms.example.com' } });
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let runtime: WorkerRuntime;
const connection = createWorkerConnection(testRedisUrl());
const producer = createJobProducer(connection);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  runtime = await startWorkerRuntime({
    mongoUri: testMongoUri('worker_welcome'),
    redisUrl: testRedisUrl(),
    logger: pino({ level: 'silent' }),
    config,
    // The sweep runs often and takes accounts at once, as it would 30 s after a lost enqueue.
    outboxSweepEveryMs: 300,
    outboxSweepAfterMs: 0,
    smtpUrl: smtpUrl(),
  });
});

afterAll(async () => {
  await producer.close();
  connection.disconnect();
  await runtime.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const smtpUrl = () => `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const mailTo = (address: string) => received.filter((mail) => to(mail) === address);

test('an account made without an enqueue (as the CLI does) gets its welcome email from the sweep, escaped', async () => {
  const email = `cli-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email, name: '<b>Ada</b>' } });
  expect((await UserModel.findById(user.id).lean())?.welcomeEmailPending).toBe(true);

  const [welcome] = await waitFor(() => (mailTo(email).length > 0 ? mailTo(email) : undefined));
  expect(welcome?.subject).toBe('Welcome to Formwell');
  expect(welcome?.text).toContain('Hello <b>Ada</b>,');
  expect(welcome?.text).toContain('API reference: https://forms.example.com/docs');
  expect(welcome?.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
  expect(welcome?.html).not.toContain('<b>Ada');
  await waitFor(async () =>
    (await UserModel.findById(user.id).lean())?.welcomeEmailPending ? undefined : true,
  );
  expect(
    await EmailLogModel.find({ userId: user.id }, { kind: 1, status: 1, entryId: 1, _id: 0 }).lean(),
  ).toEqual([{ kind: WELCOME_EMAIL_KIND, status: 'sent', entryId: expect.anything() as unknown }]);
});

test('sign-up enqueues at once; a repeated job, even after a crash before the flag was cleared, sends nothing more', async () => {
  const email = `signup-${randomBytes(4).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email } });
  await enqueueWelcomeEmail({ producer, userId: user.id });
  await waitFor(async () =>
    (await UserModel.findById(user.id).lean())?.welcomeEmailPending ? undefined : true,
  );
  expect(mailTo(email)).toHaveLength(1);
  expect(mailTo(email)[0]?.text).toContain('Hello,');

  // The job runs again (a retry, a re-enqueue), including after a crash between logging the email
  // and clearing the account's flag: the email log already has it, so nothing is sent.
  const mailer = createMailer({ smtpUrl: smtpUrl(), from: 'Formwell <no-reply@formwell.local>' });
  try {
    const job = { userId: user.id };
    expect(await sendWelcomeEmail({ job, mailer, config, lastAttempt: false })).toEqual({
      status: 'skipped',
      reason: 'already sent',
    });
    await UserModel.updateOne({ _id: user.id }, { $set: { welcomeEmailPending: true } });
    expect(await sendWelcomeEmail({ job, mailer, config, lastAttempt: false })).toEqual({
      status: 'skipped',
      reason: 'already sent',
    });
    expect((await UserModel.findById(user.id).lean())?.welcomeEmailPending).toBeUndefined();
  } finally {
    mailer.close();
  }
  expect(mailTo(email)).toHaveLength(1);
  expect(await EmailLogModel.countDocuments({ userId: user.id, kind: WELCOME_EMAIL_KIND })).toBe(1);
});
