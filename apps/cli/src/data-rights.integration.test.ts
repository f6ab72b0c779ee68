import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { createSession, getInboundReceiver, loadConfig, submitForm } from '@formwell/core';
import {
  connectDatabase,
  disconnectDatabase,
  emailLogRepository,
  ensureIndexes,
  spamModelRepository,
  storageUsageRepository,
  uploadedFileRepository,
  webhookDeliveryRepository,
} from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { BSON, MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { runCli } from './run-cli.js';
import { formwellJson, runFormwell } from './test/run-formwell.js';

const config = loadConfig({ env: {} });
let uri = '';
let dir = '';
// The driver reads every collection raw, beside core (in-process, to seed) and the CLI under test.
let client: MongoClient;

beforeAll(async () => {
  uri = testMongoUri('data_rights');
  dir = await mkdtemp(join(tmpdir(), 'formwell-data-rights-'));
  await connectDatabase({ uri });
  await ensureIndexes();
  client = await MongoClient.connect(uri);
});

afterAll(async () => {
  await client.close();
  await disconnectDatabase();
  await rm(dir, { recursive: true, force: true });
});

const db = () => client.db(new URL(uri).pathname.slice(1));

type TAccount = {
  userId: string;
  email: string;
  formIds: string[];
  customerId: string;
  messageId: string;
  secrets: string[];
};

/**
 * Seeds with the CLI's own commands run in this process (the same code and output as `formwell …`
 * on the connection opened above), sparing a child process per step: the commands under test
 * below still run as the real CLI process.
 */
async function seedWithCli(...argv: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(JSON.stringify(await runCli({ argv, config }))) as Record<string, unknown>;
}

/** An account with data in every collection a real one fills: forms, submissions, keys, webhooks… */
async function seedAccount(label: string): Promise<TAccount> {
  const email = `${label}@example.com`;
  const user = await seedWithCli(
    'user',
    'create',
    '--email',
    email,
    '--password',
    'pw-12345678',
    '--plan',
    'PRO',
  );
  const userId = String(user.id);
  const formIds: string[] = [];
  for (const name of ['Contact', 'Signup']) {
    const form = await seedWithCli(
      'form',
      'create',
      '--user',
      userId,
      '--name',
      `${label} ${name}`,
      '--type',
      'contact',
    );
    formIds.push(String(form.id));
  }
  const key = await seedWithCli('key', 'create', '--user', userId, '--name', 'ci');
  const hook = await seedWithCli(
    'webhook',
    'create',
    '--form',
    formIds[0] ?? '',
    '--url',
    'https://hooks.example.com/in',
  );
  const actor = { id: userId, plan: 'PRO' as const, quotaLimit: 10_000 };
  let lastSubmission = '';
  for (const [i, formId] of formIds.entries()) {
    for (const submitter of ['ada@example.org', `other${i}@example.org`]) {
      const submitted = await submitForm({
        config,
        user: actor,
        input: { formId, data: { email: submitter, message: `hello from ${label}` } },
        client: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      });
      lastSubmission = submitted.response.submissionId;
    }
  }
  await createSession({ userId });
  // What an uploaded file and the owner's first spam mark leave behind.
  const fileId = new ObjectId().toHexString();
  await uploadedFileRepository.begin({
    id: fileId,
    workspaceId: userId,
    formId: formIds[0] ?? '',
    field: 'cv',
    name: `${label}.pdf`,
    contentType: 'application/pdf',
    storage: 'gridfs',
  });
  await uploadedFileRepository.attach({ fileIds: [fileId], submissionId: lastSubmission });
  await storageUsageRepository.claim({ workspaceId: userId, bytes: 3, limit: 1_000_000 });
  await storageUsageRepository.commit({ workspaceId: userId, bytes: 3 });
  await spamModelRepository.train({ workspaceId: userId, keys: ['casino'], learn: 'spam' });
  await webhookDeliveryRepository.create({
    userId,
    formId: formIds[0] ?? '',
    endpointId: String(hook.id),
    submissionId: lastSubmission,
    webhookId: `msg_${label}`,
    event: 'submission.created',
    attempt: 1,
    status: 'success',
    httpStatus: 200,
    durationMs: 12,
    responseBody: 'ok',
    error: null,
    test: false,
    url: 'https://hooks.example.com/in',
    createdAt: new Date(),
  });
  const messageId = `<${label}@formwell.local>`;
  await emailLogRepository.create({
    userId,
    formId: formIds[0] ?? '',
    submissionId: lastSubmission,
    entryId: new ObjectId().toHexString(),
    kind: 'email.confirmation',
    to: 'ada@example.org',
    from: 'Formwell <no-reply@formwell.local>',
    subject: `Thanks (${label})`,
    replyTo: null,
    status: 'sent',
    error: null,
    messageId,
    text: null,
    html: null,
    createdAt: new Date(),
  });
  // Billing and mail records written by other parts (provider webhooks, the SMTP catcher), raw.
  const customerId = `cus_${label}`;
  await db()
    .collection('workspaces')
    .updateOne({ _id: new ObjectId(userId) }, { $set: { stripeCustomerId: customerId } });
  // Account mail waiting for the worker, filed under the account.
  await db()
    .collection('account_emails')
    .insertOne({
      kind: 'account.invitation',
      ownerId: new ObjectId(userId),
      to: `invitee-of-${label}@example.com`,
      subject: 'Invitation',
      text: 'link',
      html: '<p>link</p>',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  // An invitation the account's workspace sent (the dashboard makes these).
  await db()
    .collection('workspace_invitations')
    .insertOne({
      workspaceId: new ObjectId(userId),
      email: `invitee-of-${label}@example.com`,
      role: 'member',
      tokenHash: `${label}-invitation-hash`,
      invitedBy: new ObjectId(userId),
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: null,
      revokedAt: null,
    });
  await db()
    .collection('caught_mail')
    .insertOne({ messageId, text: 'body', html: null, receivedAt: new Date() });
  await db()
    .collection('subscriptions')
    .insertOne({ userId: new ObjectId(userId), customerId, providerId: `sub_${label}`, status: 'active' });
  await db()
    .collection('invoices')
    .insertOne({ userId: new ObjectId(userId), customerId, providerId: `in_${label}`, amount: 900 });
  await db()
    .collection('payment_failures')
    .insertOne({ userId: new ObjectId(userId), eventId: `evt_fail_${label}`, attempts: 1 });
  await db()
    .collection('billing_emails')
    .insertOne({ userId: new ObjectId(userId), eventId: `evt_mail_${label}`, kind: 'payment_failed' });
  await db()
    .collection('payment_events')
    .insertOne({
      eventId: `evt_${label}`,
      type: 'invoice.paid',
      payload: JSON.stringify({ data: { object: { customer: customerId } } }),
    });
  await db()
    .collection('inbound_events')
    .insertOne({ formId: formIds[0], submissionId: lastSubmission, event: 'submission.created' });
  // A verification link not yet used, and the owner's choice of digest for one form.
  await db()
    .collection('account_tokens')
    .insertOne({
      kind: 'verify-email',
      userId: new ObjectId(userId),
      email,
      tokenHash: `${label}-token-hash`,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: null,
    });
  await db()
    .collection('notification_preferences')
    .insertOne({
      workspaceId: new ObjectId(userId),
      formId: new ObjectId(formIds[0]),
      userId: new ObjectId(userId),
      mode: 'daily',
    });
  // An extra address the form notifies, still waiting for its confirmation.
  await db()
    .collection('notification_recipients')
    .insertOne({
      workspaceId: new ObjectId(userId),
      formId: new ObjectId(formIds[0]),
      email: `${label}-recipient@example.com`,
      status: 'pending',
      confirmTokenHash: `${label}-recipient-token-hash`,
      confirmExpiresAt: new Date(Date.now() + 86_400_000),
      // Written by hand, so the timestamps mongoose would add are set here.
      linkSentAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  // The owner's own custom receiver (its secret is the owner's).
  await getInboundReceiver({ userId, publicUrl: 'http://localhost:3000' });

  const secrets = [
    String(key.key),
    String(hook.secret),
    String(
      (
        await db()
          .collection('users')
          .findOne({ _id: new ObjectId(userId) })
      )?.passwordHash,
    ),
    String(
      (
        await db()
          .collection('api_keys')
          .findOne({ userId: new ObjectId(userId) })
      )?.keyHash,
    ),
  ];

  return { userId, email, formIds, customerId, messageId, secrets };
}

/** Markers that name the account: its ids, email, payment customer and the Message-ID of its mail. */
const markers = (account: TAccount) => [
  account.userId,
  account.email,
  account.customerId,
  account.messageId,
  ...account.formIds,
];

/** Collections about the database itself, not about any account (the file links' signing key). */
const DATABASE_WIDE = new Set(['migrations', 'signing_keys', 'digest_cursors']);

/** Per collection, how many documents mention any of the markers (in their Extended JSON form). */
async function mentions(words: string[]): Promise<Record<string, number>> {
  const names = (await db().listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  const found: Record<string, number> = {};
  for (const name of names) {
    const docs = await db().collection(name).find({}).toArray();
    found[name] = docs.filter((doc) => {
      const text = BSON.EJSON.stringify(doc);

      return words.some((word) => text.includes(word));
    }).length;
  }

  return found;
}

describe('data rights through the CLI', () => {
  test('account export holds the account, nothing of another account and no secret', async () => {
    const mine = await seedAccount('exporter');
    const theirs = await seedAccount('bystander');
    const file = join(dir, 'export.json.gz');
    const result = await formwellJson(uri, 'account', 'export', '--user', mine.userId, '--out', file);
    expect(result.bytes).toBeGreaterThan(0);
    // Submitters' personal data: owner-only whatever the umask.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const archive = JSON.parse(text) as Record<string, unknown[]> & {
      account: { id: string; email: string };
    };

    expect(archive.account).toMatchObject({ id: mine.userId, email: mine.email });
    expect((archive.forms as { id: string }[]).map((f) => f.id).sort()).toEqual([...mine.formIds].sort());
    expect(archive.submissions).toHaveLength(4);
    expect(archive.apiKeys).toHaveLength(1);
    expect(archive.webhookEndpoints).toHaveLength(1);
    expect(archive.webhookDeliveries).toHaveLength(1);
    expect(archive.emails).toHaveLength(1);
    expect(archive.notificationRecipients).toMatchObject([
      { email: 'exporter-recipient@example.com', status: 'pending', formId: mine.formIds[0] },
    ]);
    expect(text).not.toContain('recipient-token-hash');
    for (const word of [...markers(theirs), 'bystander']) {
      expect(text).not.toContain(word);
    }
    for (const secret of mine.secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/passwordHash|keyHash|whsec_/);

    const unknown = await runFormwell(
      uri,
      'account',
      'export',
      '--user',
      new ObjectId().toHexString(),
      '--out',
      join(dir, 'none.gz'),
    );
    expect(unknown).toMatchObject({ code: 1, stderr: 'formwell: User not found\n' });
  });

  test('account delete leaves nothing of the account in any collection; another account is untouched', async () => {
    const doomed = await seedAccount('doomed');
    const kept = await seedAccount('kept');
    const keptBefore = await mentions(markers(kept));
    const doomedBefore = await mentions(markers(doomed));
    // Every model's collection exists (the indexes created them) and the seed reached each of them.
    const names = Object.keys(doomedBefore);
    expect(names.length).toBeGreaterThanOrEqual(18);
    // `migrations` records the schema version of the whole database, `signing_keys` the install's
    // link-signing key and `digest_cursors` the digest periods done: they hold nothing of any account.
    expect(names.filter((name) => doomedBefore[name] === 0 && !DATABASE_WIDE.has(name))).toEqual([]);

    const wrong = await runFormwell(
      uri,
      'account',
      'delete',
      '--user',
      doomed.userId,
      '--confirm',
      'kept@example.com',
    );
    expect(wrong).toMatchObject({
      code: 2,
      stderr: 'formwell: Type the account email exactly to confirm the deletion\n',
    });
    expect(await mentions(markers(doomed))).toEqual(doomedBefore);

    const deleted = await formwellJson<{ removed: Record<string, number> }>(
      uri,
      'account',
      'delete',
      '--user',
      doomed.userId,
      '--confirm',
      'Doomed@Example.com',
    );
    expect(deleted.removed.submissions).toBe(4);
    const after = await mentions(markers(doomed));
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
    expect(await mentions(markers(kept))).toEqual(keptBefore);
  });

  test("submitter find / erase across the owner's forms lowers the counters as a delete does", async () => {
    const owner = await seedAccount('erasure');
    const other = await seedAccount('erasure-other');
    const found = await formwellJson<{ submissions: { formId: string; id: string }[] }>(
      uri,
      'submitter',
      'find',
      '--user',
      owner.userId,
      '--email',
      ' ADA@example.org ',
    );
    expect(found.submissions.map((s) => s.formId).sort()).toEqual([...owner.formIds].sort());

    const erased = await formwellJson(
      uri,
      'submitter',
      'erase',
      '--user',
      owner.userId,
      '--email',
      'ada@example.org',
    );
    expect(erased).toEqual({ email: 'ada@example.org', submissionsDeleted: 2, emailsDeleted: 1 });
    expect(
      await db()
        .collection('submissions')
        .countDocuments({ userId: new ObjectId(owner.userId), email: 'ada@example.org' }),
    ).toBe(0);
    // The other owner's submissions from the same person are not theirs to erase.
    expect(
      await db()
        .collection('submissions')
        .countDocuments({ userId: new ObjectId(other.userId), email: 'ada@example.org' }),
    ).toBe(2);
    for (const formId of owner.formIds) {
      const form = await db()
        .collection('forms')
        .findOne({ _id: new ObjectId(formId) });
      const stats = await db()
        .collection('form_stats')
        .findOne({ formId: new ObjectId(formId) });
      expect(form?.submissionCount).toBe(1);
      expect(stats?.total).toBe(1);
    }
    // The counters equal a rebuild from the submissions left.
    const statsBefore = await db()
      .collection('form_stats')
      .find({ userId: new ObjectId(owner.userId) })
      .project({ total: 1, browsers: 1 })
      .toArray();
    await formwellJson(uri, 'analytics', 'rebuild', '--form', owner.formIds[0] ?? '');
    await formwellJson(uri, 'analytics', 'rebuild', '--form', owner.formIds[1] ?? '');
    const statsAfter = await db()
      .collection('form_stats')
      .find({ userId: new ObjectId(owner.userId) })
      .project({ total: 1, browsers: 1 })
      .toArray();
    expect(statsAfter).toEqual(statsBefore);

    const bad = await runFormwell(
      uri,
      'submitter',
      'find',
      '--user',
      owner.userId,
      '--email',
      'not-an-email',
    );
    expect(bad.code).toBe(2);
  });
});
