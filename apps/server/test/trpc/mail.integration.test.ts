import { randomBytes } from 'node:crypto';

import { createUser } from '@formwell/core';
import { emailLogRepository } from '@formwell/db';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection } from './dashboard-client.js';

const PASSWORD = 'correct horse battery';

async function signedIn(address: string, role: 'OWNER' | 'ADMIN') {
  const email = uniqueEmail(role.toLowerCase());
  const user = await createUser({ config: testCoreConfig, input: { email, password: PASSWORD, role } });
  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email, password: PASSWORD });

  return { client, user };
}

/** Logs one captured email for the owner, as the worker does when no SMTP server is set. */
async function logMail(
  userId: string,
  subject: string,
  failure: string | null = null,
  kind = 'email.confirmation',
) {
  await emailLogRepository.create({
    userId,
    formId: null,
    submissionId: null,
    entryId: randomBytes(12).toString('hex'),
    kind,
    to: 'customer@example.com',
    from: 'forms@example.com',
    subject,
    replyTo: null,
    status: failure === null ? 'captured' : 'failed',
    error: failure,
    messageId: null,
    text: `${subject} text`,
    html: `<p>${subject} html</p>`,
    createdAt: new Date(),
  });
}

test("mail.list and mail.get: an owner reads their own mail, another's is a 404, staff read all", async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const alice = await signedIn(address, 'OWNER');
  const bob = await signedIn(address, 'OWNER');
  const staff = await signedIn(address, 'ADMIN');
  const tag = randomBytes(4).toString('hex');
  await logMail(alice.user.id, `alice-${tag}`);
  await logMail(bob.user.id, `bob-${tag}`);

  const aliceList = await alice.client.mail.list.query({});
  expect(aliceList.emails.map((email) => email.subject)).toEqual([`alice-${tag}`]);
  const [aliceMail] = aliceList.emails;
  if (!aliceMail) {
    throw new Error('alice has no mail listed');
  }
  expect(await alice.client.mail.get.query({ id: aliceMail.id })).toMatchObject({
    subject: `alice-${tag}`,
    from: 'forms@example.com',
    status: 'captured',
    text: `alice-${tag} text`,
    html: `<p>alice-${tag} html</p>`,
  });

  // Bob neither lists nor opens Alice's mail: her id answers as an unknown one does.
  expect((await bob.client.mail.list.query({})).emails.map((email) => email.subject)).toEqual([`bob-${tag}`]);
  const notFound = { code: 'NOT_FOUND', message: 'Email not found' };
  expect(await rejection(bob.client.mail.get.query({ id: aliceMail.id }))).toEqual(notFound);
  expect(await rejection(bob.client.mail.get.query({ id: randomBytes(12).toString('hex') }))).toEqual(
    notFound,
  );

  const staffSubjects = (await staff.client.mail.list.query({ limit: 100 })).emails.map(
    (email) => email.subject,
  );
  expect(staffSubjects).toEqual(expect.arrayContaining([`alice-${tag}`, `bob-${tag}`]));
  expect((await staff.client.mail.get.query({ id: aliceMail.id })).subject).toBe(`alice-${tag}`);

  const signedOut = dashboardClient(address).client;
  expect(await rejection(signedOut.mail.list.query({}))).toEqual({
    code: 'UNAUTHORIZED',
    message: 'Not authenticated',
  });
  expect((await rejection(alice.client.mail.list.query({ limit: 0 }))).code).toBe('BAD_REQUEST');
});

test("mail.get: an owner reads what became of a failed email, staff read the mail server's own words", async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await signedIn(address, 'OWNER');
  const staff = await signedIn(address, 'ADMIN');
  const tag = randomBytes(4).toString('hex');
  const failures = {
    [`refused-${tag}`]: [
      'Message failed: 554 5.7.1 relay.internal.corp (10.0.0.5) rejected',
      'rejected by the mail server',
    ],
    [`down-${tag}`]: ['getaddrinfo ENOTFOUND relay.internal.corp', 'mail server unreachable'],
  };
  for (const [subject, [smtpText]] of Object.entries(failures)) {
    await logMail(owner.user.id, subject, smtpText);
  }

  const listed = (await owner.client.mail.list.query({})).emails;
  expect(listed).toHaveLength(2);
  for (const { id, subject } of listed) {
    const [smtpText, category] = failures[subject] ?? [];
    const ownerView = await owner.client.mail.get.query({ id });
    expect([ownerView.status, ownerView.error]).toEqual(['failed', category]);
    expect(JSON.stringify(ownerView)).not.toContain('relay.internal.corp');
    expect((await staff.client.mail.get.query({ id })).error).toBe(smtpText);
  }
});

test('mail.list and mail.get never show account mail (one-time links), to a member of the workspace or to staff', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await signedIn(address, 'OWNER');
  const staff = await signedIn(address, 'ADMIN');
  const tag = randomBytes(4).toString('hex');
  // Filed under the workspace's id, as a reset link for its owner or an invitation into it is.
  await logMail(owner.user.id, `reset-${tag}`, null, 'account.password-reset');
  await logMail(owner.user.id, `invite-${tag}`, null, 'account.invitation');
  await logMail(owner.user.id, `receipt-${tag}`);

  expect((await owner.client.mail.list.query({})).emails.map((email) => email.subject)).toEqual([
    `receipt-${tag}`,
  ]);
  const staffSubjects = (await staff.client.mail.list.query({ limit: 100 })).emails.map(
    (email) => email.subject,
  );
  expect(staffSubjects).toContain(`receipt-${tag}`);
  expect(staffSubjects).not.toContain(`reset-${tag}`);
  expect(staffSubjects).not.toContain(`invite-${tag}`);

  const accountMail = await emailLogRepository.list({
    reader: { all: false, userId: owner.user.id },
    visibility: 'everything',
    limit: 10,
  });
  const accountIds = accountMail.items
    .filter((mail) => mail.kind.startsWith('account.'))
    .map((mail) => mail.id);
  expect(accountIds).toHaveLength(2);
  for (const id of accountIds) {
    const notFound = { code: 'NOT_FOUND', message: 'Email not found' };
    expect(await rejection(owner.client.mail.get.query({ id }))).toEqual(notFound);
    expect(await rejection(staff.client.mail.get.query({ id }))).toEqual(notFound);
  }
});
