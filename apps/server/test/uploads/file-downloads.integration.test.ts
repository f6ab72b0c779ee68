import { SESSION_COOKIE_NAME } from '@formwell/api';
import { createSession, deleteSubmission } from '@formwell/core';
import { afterEach, describe, expect, test } from 'vitest';

import { createKey, createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startRecordingReceiver } from '../helpers/recording-receiver.js';
import { startWorkerProcess } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';
import { createPublicForm } from '../public-form/helpers.js';
import {
  download,
  DOWNLOAD_FIELDS,
  fileUrl,
  listedFiles,
  keyWithoutRead,
  uploadTwoFiles,
  type TUploadedFileValue,
} from './download-flow.js';
import { listen, NOTHING_LEFT, residue, sha256 } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

const SAFE = {
  disposition: expect.stringMatching(/^attachment; filename=/) as unknown,
  nosniff: 'nosniff',
  csp: 'sandbox',
  // Exactly the header every answer that depends on a key or a session carries.
  cacheControl: 'no-store',
};

describe('downloading uploaded files', () => {
  test('REST route: byte-identical with the safe headers; 404 unknown file, 403 scope and foreign form', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
    });
    const { key } = await createKey({ userId: form.userId });
    const { response, sent } = await uploadTwoFiles(base, form.formId);
    expect(response.status).toBe(201);
    const { submissionId } = (await response.json()) as { submissionId: string };
    const { cv, page } = await listedFiles(base, form.formId, key);
    expect(page).toMatchObject({ name: 'page.html', contentType: 'text/html', sha256: sha256(sent.page) });

    const headers = { 'x-api-key': key };
    expect(
      await download(fileUrl(base, { formId: form.formId, submissionId, fileId: cv.fileId }), headers),
    ).toMatchObject({
      status: 200,
      ...SAFE,
      type: 'image/png',
      sha256: sha256(sent.cv),
    });
    // An HTML page is sent as what it is, but never as something a browser would render here.
    expect(
      await download(fileUrl(base, { formId: form.formId, submissionId, fileId: page.fileId }), headers),
    ).toMatchObject({
      status: 200,
      ...SAFE,
      disposition: 'attachment; filename=page.html',
      sha256: sha256(sent.page),
    });

    const unknown = await download(
      fileUrl(base, { formId: form.formId, submissionId, fileId: '0123456789abcdef01234567' }),
      headers,
    );
    expect([unknown.status, JSON.parse(unknown.text)]).toEqual([
      404,
      expect.objectContaining({ message: 'File not found' }),
    ]);
    const noScope = await download(fileUrl(base, { formId: form.formId, submissionId, fileId: cv.fileId }), {
      'x-api-key': await keyWithoutRead(form),
    });
    expect([noScope.status, (JSON.parse(noScope.text) as { message: string }).message]).toEqual([
      403,
      'Insufficient scope: submissions:read',
    ]);
    const stranger = await createOwner({ plan: 'PRO' });
    const foreign = await download(fileUrl(base, { formId: form.formId, submissionId, fileId: cv.fileId }), {
      'x-api-key': stranger.key,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('PNG');
    // The dashboard's door: another workspace's form is unknown to a session, never a 403.
    const { token } = await createSession({ userId: stranger.userId });
    const viaSession = await download(
      `${base}/api/dashboard/forms/${form.formId}/submissions/${submissionId}/files/${cv.fileId}`,
      { cookie: `${SESSION_COOKIE_NAME}=${token}` },
    );
    expect([viaSession.status, JSON.parse(viaSession.text)]).toEqual([
      404,
      { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' },
    ]);
  });

  test('the webhook carries signed links that download the same bytes; a changed link is 404', async () => {
    const { app, env } = await buildTestApp();
    const base = await listen(app);
    const receiver = await startRecordingReceiver();
    cleanups.push(receiver.close);
    const worker = await startWorkerProcess({
      MONGODB_URI: env.MONGODB_URI,
      REDIS_URL: env.REDIS_URL,
      PUBLIC_URL: base,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    });
    cleanups.push(worker.stop);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
      webhookUrl: receiver.url,
    });

    const { response, sent } = await uploadTwoFiles(base, form.formId);
    expect(response.status).toBe(201);
    await waitFor(
      () => Promise.resolve(receiver.received.length > 0 ? true : undefined),
      60_000,
      () => 'no webhook received',
    );
    const payload = JSON.parse(receiver.received[0]?.body ?? '{}') as {
      data: { fields: { cv: TUploadedFileValue & { url: string; expiresAt: string } } };
    };
    const { cv } = payload.data.fields;
    expect(cv.url.startsWith(`${base}/files/${cv.fileId}?`)).toBe(true);
    const lifetime = Date.parse(cv.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600_000);

    expect(await download(cv.url)).toMatchObject({ status: 200, ...SAFE, sha256: sha256(sent.cv) });
    const tampered = new URL(cv.url);
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 60));
    expect((await download(tampered.href)).status).toBe(404);
  });

  test('deleting the submission deletes its files and gives their storage back', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
    });
    const { response } = await uploadTwoFiles(base, form.formId);
    const { submissionId } = (await response.json()) as { submissionId: string };
    expect((await residue(form)).gridFsFiles).toBe(2);

    await deleteSubmission({ userId: form.userId, formId: form.formId, submissionId });

    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });
});
