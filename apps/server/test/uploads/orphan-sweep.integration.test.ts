import { Readable } from 'node:stream';

import { createRequestUploads, publicUploadTarget, sweepOrphanUploads } from '@formwell/core';
import mongoose from 'mongoose';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { storedData } from '../public-form/helpers.js';
import { collection, createUploadForm, formData, listen, MB, pngBytes, residue } from './helpers.js';

const HOUR = 60 * 60_000;

async function claimedBytes(userId: string): Promise<number> {
  const doc = await collection('storage_usage').findOne({ workspaceId: new mongoose.Types.ObjectId(userId) });

  return Number(doc?.claimedBytes ?? 0);
}

/**
 * What a server that crashed mid-request leaves: the upload path stored a file (record, bytes,
 * storage claim) and never got to the submission.
 */
async function crashedUpload(formId: string, bytes: Buffer): Promise<void> {
  const uploads = createRequestUploads({
    resolveTarget: () => publicUploadTarget({ config: testCoreConfig, formId }),
    noFileFields: () => new Error('the form has file fields'),
  });
  await uploads.onFile({
    field: 'doc',
    filename: 'doc.png',
    stream: Readable.from([bytes]),
    fieldsBefore: new Map(),
  });
}

async function age(formId: string, ms: number): Promise<void> {
  await collection('uploaded_files').updateMany(
    { formId: new mongoose.Types.ObjectId(formId) },
    { $set: { createdAt: new Date(Date.now() - ms) } },
  );
}

describe('the orphan upload sweep', () => {
  test('removes a crashed upload past its grace with its bytes and claim; a younger one stays', async () => {
    await buildTestApp();
    const fields = [{ name: 'doc', label: 'Document', type: 'file' as const, required: true }];
    const old = await createUploadForm({ plan: 'STANDARD' }, fields);
    const young = await createUploadForm({ plan: 'STANDARD' }, fields);
    await crashedUpload(old.formId, pngBytes(2 * MB + 5));
    await crashedUpload(young.formId, pngBytes(300 * 1024));
    await age(old.formId, 7 * HOUR);
    expect(await residue(old)).toMatchObject({ fileRecords: 1, gridFsFiles: 1 });
    expect(await claimedBytes(old.userId)).toBe(2 * MB + 5);

    expect(await sweepOrphanUploads()).toEqual({ removed: 1, attached: 0 });

    expect(await residue(old)).toEqual({
      submissions: 0,
      fileRecords: 0,
      gridFsFiles: 0,
      gridFsChunks: 0,
      storageBytes: 0,
    });
    expect(await claimedBytes(old.userId)).toBe(0);
    // Still within the grace: an upload that may yet arrive is not touched.
    expect(await residue(young)).toMatchObject({ fileRecords: 1, gridFsFiles: 1 });
    expect(await sweepOrphanUploads({ olderThanMs: 6 * HOUR })).toEqual({ removed: 0, attached: 0 });
  });

  test('a file whose submission was stored before the crash is tied to it, not removed', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createUploadForm({ plan: 'STANDARD' }, [
      { name: 'doc', label: 'Document', type: 'file', required: true },
    ]);
    const response = await fetch(`${base}/f/${form.formId}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: formData([['doc', { bytes: pngBytes(), filename: 'doc.png' }]]),
    });
    expect(response.status).toBe(201);
    const { submissionId } = (await response.json()) as { submissionId: string };
    // The crash came between storing the submission and tying its files to it.
    await collection('uploaded_files').updateMany(
      { formId: new mongoose.Types.ObjectId(form.formId) },
      { $set: { submissionId: null, createdAt: new Date(Date.now() - 7 * HOUR) } },
    );

    expect(await sweepOrphanUploads()).toEqual({ removed: 0, attached: 1 });

    const record = await collection('uploaded_files').findOne({
      formId: new mongoose.Types.ObjectId(form.formId),
    });
    expect(String(record?.submissionId)).toBe(submissionId);
    expect(await residue(form)).toMatchObject({ submissions: 1, fileRecords: 1, gridFsFiles: 1 });
    expect(await storedData(form)).toHaveLength(1);
  });
});
