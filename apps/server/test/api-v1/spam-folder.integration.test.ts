import { updateForm } from '@formwell/core';
import { EmailLogModel, SubmissionModel } from '@formwell/db';
import { afterEach, describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';
import { spawnEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { createKey, createOwnerWithWebhook } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const LINK_FARM = 'Deals http://a.example.top http://b.example.top http://c.example.top http://d.example.top';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

type TListed = { submissions: { id: string; status: string; spamScore: number; spamReasons: string[] }[] };

describe('the spam folder over HTTP', () => {
  test('spam is listed only with ?status=spam; "not spam" raced twice delivers one webhook and one email', async () => {
    const { app, env } = await buildTestApp();
    const receiver = await startRecordingReceiver();
    cleanups.push(receiver.close);
    const { owner, form } = await createOwnerWithWebhook(receiver.url);
    const worker = spawnEntry('apps/worker', 'src/main.ts', {
      MONGODB_URI: env.MONGODB_URI,
      REDIS_URL: env.REDIS_URL,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    });
    cleanups.push(async () => {
      if (worker.child.exitCode === null) {
        worker.child.kill('SIGTERM');
        await worker.exit();
      }
    });
    await worker.waitForOutput(/"msg":"worker started"/, 60_000);
    // The owner wants the submitter's confirmation: a release owes it, the owner's notification and
    // one webhook.
    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { emailSettings: { enabled: true } },
    });

    const submitted = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: owner.key,
      payload: { formId: form.id, data: { email: 'visitor@example.com', message: LINK_FARM } },
    });
    expect(submitted.statusCode).toBe(201);
    const { submissionId } = submitted.json<{ submissionId: string }>();
    const list = (query: string) =>
      call(app, { method: 'GET', url: `/api/v1/forms/${form.id}/submissions${query}`, key: owner.key });
    expect((await list('')).json<TListed>().submissions).toEqual([]);
    const folder = (await list('?status=spam')).json<TListed>().submissions;
    expect(folder.map((s) => [s.id, s.status])).toEqual([[submissionId, 'spam']]);
    expect(folder[0]?.spamReasons).toContain('links');
    expect(folder[0]?.spamScore).toBeGreaterThanOrEqual(0.8);
    expect((await list('?status=trash')).statusCode).toBe(400);

    const release = () =>
      call(app, {
        method: 'PATCH',
        url: `/api/v1/forms/${form.id}/submissions/${submissionId}`,
        key: owner.key,
        payload: { status: 'inbox' },
      });
    const answers = await Promise.all([release(), release()]);
    expect(answers.map((answer) => [answer.statusCode, answer.json<{ status: string }>().status])).toEqual([
      [200, 'inbox'],
      [200, 'inbox'],
    ]);
    await waitFor(
      async () => {
        const doc = await SubmissionModel.findById(submissionId).lean();

        return doc && !doc.hasPendingOutbox ? true : undefined;
      },
      60_000,
      worker.output,
    );
    expect(
      receiver.received.map(
        (request) => (JSON.parse(request.body) as { data: { submissionId: string } }).data.submissionId,
      ),
    ).toEqual([submissionId]);
    // One of each mail the release owes: the submitter's confirmation and the owner's notification.
    const mailKinds = (await EmailLogModel.find({ submissionId }, { kind: 1 }).lean()).map(
      (mail) => mail.kind,
    );
    expect(mailKinds.sort()).toEqual(['email.confirmation', 'email.developer']);
    // It came with a server-side key, which vouches for the submitter: released, it is confirmed as
    // its submit would have been, not held back as unverified.
    const confirmation = await EmailLogModel.findOne({ submissionId, kind: 'email.confirmation' }).lean();
    expect(confirmation?.status).not.toBe('skipped');
    expect(confirmation?.error ?? null).toBeNull();
    expect((await list('')).json<TListed>().submissions.map((s) => s.id)).toEqual([submissionId]);
    const detail = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(detail.json<{ submissionCount: number }>().submissionCount).toBe(1);
  }, 120_000);

  test('PATCH answers 404 for an unknown submission, 400 for a bad status, 403 without submissions:write', async () => {
    const { app } = await buildTestApp();
    const { owner, form } = await createOwnerWithWebhook('https://hooks.example.com/x');
    const patch = (submissionId: string, payload: Record<string, unknown>, key = owner.key) =>
      call(app, {
        method: 'PATCH',
        url: `/api/v1/forms/${form.id}/submissions/${submissionId}`,
        key,
        payload,
      });
    const missing = await patch('0123456789abcdef01234567', { status: 'inbox' });
    expect([missing.statusCode, errorBody(missing).error]).toEqual([404, 'Submission not found']);
    expect((await patch('0123456789abcdef01234567', { status: 'deleted' })).statusCode).toBe(400);
    const reader = await createKey({ userId: owner.userId, scopes: ['submissions:read'] });
    const refused = await patch('0123456789abcdef01234567', { status: 'inbox' }, reader.key);
    expect([refused.statusCode, errorBody(refused).error]).toEqual([
      403,
      'Insufficient scope: submissions:write',
    ]);
  });
});
