import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import {
  createForm,
  createUser,
  enqueueOutbox,
  getEmail,
  listEmails,
  loadConfig,
  submitForm,
} from '@formwell/core';
import { caughtMailRepository, EmailLogModel, SubmissionModel } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startMailCatcher, type MailCatcher } from '../src/mail-catcher/start-mail-catcher.js';
import { waitFor } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

const config = loadConfig({ env: {} });
const mongoUri = testMongoUri('worker_mail_catcher');
const password = randomBytes(18).toString('base64url');
let catcher: MailCatcher;
const worker = workerHarness();
const { producer } = worker;

beforeAll(async () => {
  // The runtime connects the database the catcher writes to (one process, one mongoose connection).
  catcher = await startMailCatcher({ user: 'formwell', password, logger: pino({ level: 'silent' }) });
  await worker.start({
    mongoUri,
    config,
    smtpUrl: `smtp://formwell:${password}@127.0.0.1:${catcher.port}`,
  });
});

afterAll(async () => {
  await worker.stop();
  await catcher.close();
});

test('mail sent over SMTP to the catcher is readable whole through the email log (mail list / mail show)', async () => {
  const owner = `owner-${randomBytes(5).toString('hex')}@example.com`;
  const user = await createUser({ config, input: { email: owner, plan: 'PRO' } });
  const form = await createForm({
    config,
    userId: user.id,
    input: { name: 'Caught', formType: 'contact', emailSettings: { developerNotificationsEnabled: true } },
  });
  const { response, outbox } = await submitForm({
    config,
    user: { id: user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: form.id, data: { message: '<script>alert(1)</script>' } },
  });
  await enqueueOutbox({ producer, items: outbox });
  await waitFor(async () => {
    const doc = await SubmissionModel.findById(response.submissionId).lean();

    return doc && !doc.hasPendingOutbox ? true : undefined;
  });

  // The worker really sent it (status sent, with the server's Message-ID), keeping no body itself.
  const logged = await EmailLogModel.findOne({ formId: form.id }).lean();
  expect(logged).toMatchObject({ status: 'sent', to: owner, text: null, html: null });
  expect(logged?.messageId).toMatch(/^<.+>$/);

  const listed = await listEmails({ reader: { all: true }, visibility: 'everything', limit: 100 });
  expect(listed.emails.map((email) => email.id)).toContain(String(logged?._id));
  const shown = await getEmail({ reader: { all: true }, visibility: 'everything', id: String(logged?._id) });
  expect(shown).toMatchObject({ to: owner, subject: 'New submission to Caught', status: 'sent' });
  expect(shown.text).toContain('message: <script>alert(1)</script>');
  expect(shown.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(shown.html).not.toContain('<script>');
});

test('the catcher refuses senders without its login', async () => {
  const message = { from: 'x@example.com', to: 'y@example.com', subject: 'hi', text: 'hi' };
  const wrong = createTransport(`smtp://formwell:not-the-password@127.0.0.1:${catcher.port}`);
  const anonymous = createTransport(`smtp://127.0.0.1:${catcher.port}`);
  try {
    await expect(wrong.sendMail(message)).rejects.toMatchObject({ responseCode: 535 });
    await expect(anonymous.sendMail(message)).rejects.toMatchObject({ responseCode: 530 });
  } finally {
    wrong.close();
    anonymous.close();
  }
});

test('the entry point npm start runs reports its port, catches mail, and stops on SIGTERM', async () => {
  const workerDir = fileURLToPath(new URL('../', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@formwell/source', 'src/mail-catcher/main.ts'],
    {
      cwd: workerDir,
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: mongoUri,
        MAIL_CATCHER_USER: 'formwell',
        MAIL_CATCHER_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  try {
    const [message] = (await once(child, 'message')) as [{ smtpPort: number }];
    expect(message.smtpPort).toBeGreaterThan(0);
    const transport = createTransport(`smtp://formwell:${password}@127.0.0.1:${message.smtpPort}`);
    const sent = await transport.sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'through the entry point',
      text: 'caught by the child',
    });
    transport.close();
    expect(await caughtMailRepository.findBody({ messageId: sent.messageId })).toEqual({
      text: 'caught by the child\n',
      html: null,
    });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
}, 60_000);
