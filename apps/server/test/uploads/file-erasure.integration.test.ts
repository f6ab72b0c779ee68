import { deleteAccount, purgeExpiredSubmissions } from '@formwell/core';
import mongoose from 'mongoose';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createPublicForm } from '../public-form/helpers.js';
import { DOWNLOAD_FIELDS, uploadTwoFiles } from './download-flow.js';
import { collection, listen, NOTHING_LEFT, residue } from './helpers.js';

const DAY = 24 * 60 * 60_000;

describe('files go with the data that holds them', () => {
  test("the retention purge deletes an expired submission's files and gives their storage back", async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS], retentionDays: 1 },
    });
    const old = await uploadTwoFiles(base, form.formId);
    expect(old.response.status).toBe(201);
    const { submissionId } = (await old.response.json()) as { submissionId: string };
    await collection('submissions').updateOne(
      { _id: new mongoose.Types.ObjectId(submissionId) },
      { $set: { createdAt: new Date(Date.now() - 2 * DAY) } },
    );
    const kept = await uploadTwoFiles(base, form.formId);
    expect(kept.response.status).toBe(201);
    const keptBytes = kept.sent.cv.length + kept.sent.page.length;

    expect(await purgeExpiredSubmissions()).toBe(1);

    expect(await residue(form)).toEqual({
      submissions: 1,
      fileRecords: 2,
      gridFsFiles: 2,
      gridFsChunks: 2,
      storageBytes: keptBytes,
    });
    const expired = await collection('uploaded_files').countDocuments({
      submissionId: new mongoose.Types.ObjectId(submissionId),
    });
    expect(expired).toBe(0);
  });

  test('deleting the account deletes every file of its forms, bytes and records, and its storage counter', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...DOWNLOAD_FIELDS] },
    });
    expect((await uploadTwoFiles(base, form.formId)).response.status).toBe(201);
    expect((await residue(form)).gridFsFiles).toBe(2);
    const user = await collection('users').findOne({ _id: new mongoose.Types.ObjectId(form.userId) });

    await deleteAccount({ userId: form.userId, confirmEmail: String(user?.email) });

    expect(await residue(form)).toEqual(NOTHING_LEFT);
    expect(
      await collection('storage_usage').countDocuments({
        workspaceId: new mongoose.Types.ObjectId(form.userId),
      }),
    ).toBe(0);
  });
});
