import { deleteSubmission } from '@formwell/core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import { createKey } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startS3Server, type TS3Server } from '../helpers/s3-server.js';
import { createPublicForm } from '../public-form/helpers.js';
import { download, DOWNLOAD_FIELDS, fileUrl, listedFiles, uploadTwoFiles } from './download-flow.js';
import { formData, listen, MB, pngBytes, residue, sha256 } from './helpers.js';

// The same uploads with FILE_STORAGE=s3, against a real S3-compatible server on loopback.
let s3: TS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

describe('file storage in an S3-compatible store', () => {
  test('upload, byte-identical download with the safe headers, delete: the objects come and go', async () => {
    const { app } = await buildTestApp(s3.env);
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
    expect(await s3.objectKeys()).toEqual([`uploads/${cv.fileId}`, `uploads/${page.fileId}`].sort());
    // Nothing of the bytes went to GridFS.
    expect(await residue(form)).toMatchObject({ fileRecords: 2, gridFsFiles: 0, gridFsChunks: 0 });
    expect(
      await download(fileUrl(base, { formId: form.formId, submissionId, fileId: cv.fileId }), {
        'x-api-key': key,
      }),
    ).toMatchObject({ status: 200, nosniff: 'nosniff', csp: 'sandbox', sha256: sha256(sent.cv) });

    await deleteSubmission({ userId: form.userId, formId: form.formId, submissionId });

    expect(await s3.objectKeys()).toEqual([]);
  });

  test('an object gone from the bucket while its record stays answers 404 File not found', async () => {
    // The SDK is loaded at the store's first use: its NoSuchKey must still be the class the
    // client throws, or a missing object would be a 500.
    const { app } = await buildTestApp(s3.env);
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
    });
    const { key } = await createKey({ userId: form.userId });
    const { response } = await uploadTwoFiles(base, form.formId);
    expect(response.status).toBe(201);
    const { submissionId } = (await response.json()) as { submissionId: string };
    const { cv } = await listedFiles(base, form.formId, key);

    await s3.removeObject(`uploads/${cv.fileId}`);
    const gone = await download(fileUrl(base, { formId: form.formId, submissionId, fileId: cv.fileId }), {
      'x-api-key': key,
    });

    expect([gone.status, JSON.parse(gone.text)]).toEqual([
      404,
      { error: 'File not found', message: 'File not found', code: 'NOT_FOUND' },
    ]);
    // The rest goes as usual, the missing object no obstacle.
    await deleteSubmission({ userId: form.userId, formId: form.formId, submissionId });
    expect(await s3.objectKeys()).toEqual([]);
  });

  test('a file over its limit is 413 and leaves no object, record or usage behind', async () => {
    const { app } = await buildTestApp(s3.env);
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
    });

    const response = await fetch(`${base}/f/${form.formId}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: formData([
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(3 * MB), filename: 'cv.png' }],
      ]),
    });

    expect(response.status).toBe(413);
    await vi.waitFor(async () => expect(await s3.objectKeys()).toEqual([]), {
      timeout: 30_000,
      interval: 100,
    });
    expect(await residue(form)).toMatchObject({ submissions: 0, fileRecords: 0, storageBytes: 0 });
  });
});
