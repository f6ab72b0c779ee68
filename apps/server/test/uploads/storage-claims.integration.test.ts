import { request as httpRequest, type ClientRequest } from 'node:http';

import { ErrorMessages } from '@formwell/core';
import mongoose from 'mongoose';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { collection, createUploadForm, listen, MB, pngBytes, residue } from './helpers.js';

const KB = 1024;
const BOUNDARY = 'formwell-claims';

/** The tenant's counter: stored bytes (the usage shown) and claimed bytes (what the limit guards). */
async function counter(userId: string) {
  const doc = await collection('storage_usage').findOne({ workspaceId: new mongoose.Types.ObjectId(userId) });

  return { storageBytes: Number(doc?.storageBytes ?? 0), claimedBytes: Number(doc?.claimedBytes ?? 0) };
}

/**
 * An upload whose client sends the first `sent` bytes of its file and then holds, until `finish`
 * sends the rest: the server sees it as an upload still arriving.
 */
function heldUpload(base: URL, formId: string, file: Buffer, sent: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc"; filename="doc.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let req: ClientRequest | null = null;
  const answer = new Promise<{ status: number; message: string }>((resolve, reject) => {
    req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `/f/${formId}`,
        headers: {
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(head.length + file.length + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            message: (JSON.parse(body) as { message: string }).message,
          });
        });
      },
    );
    // A refused upload is answered while its client still sends: the server then closes.
    req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
    req.write(head);
    req.write(file.subarray(0, sent));
  });

  return {
    answer,
    finish: () => {
      req?.end(Buffer.concat([file.subarray(sent), tail]));
    },
    abort: () => {
      void answer.catch(() => undefined);
      req?.destroy();
    },
  };
}

/** The first `count` of `promises` to resolve, in the order they did. */
async function firstResolved<T>(promises: Promise<T>[], count: number): Promise<T[]> {
  const order: T[] = [];

  return new Promise((resolve) => {
    for (const promise of promises) {
      void promise.then((value) => {
        order.push(value);
        if (order.length === count) {
          resolve(order);
        }
      });
    }
  });
}

describe('storage is claimed as bytes arrive', () => {
  test('parallel uploads cannot together pass the plan limit, not even while they arrive', async () => {
    const { app } = await buildTestApp({ PLAN_STANDARD_MAX_STORAGE_MB: '2' });
    const base = new URL(await listen(app));
    const form = await createUploadForm({ plan: 'STANDARD' }, [
      { name: 'doc', label: 'Document', type: 'file', required: true },
    ]);
    const file = pngBytes(900 * KB);
    const uploads = Array.from({ length: 4 }, () => heldUpload(base, form.formId, file, 600 * KB));
    const settled = uploads.map((upload) => upload.answer.then((answer) => ({ upload, answer })));

    // With 2 MB allowed, two uploads of 900 KB fit: the others are refused while every client is
    // still holding the rest of its file, and no more than the limit is ever claimed.
    const refused = await firstResolved(settled, 2);
    expect(refused.map(({ answer }) => answer)).toEqual([
      { status: 403, message: ErrorMessages.storageLimit(0, 2 * MB) },
      { status: 403, message: ErrorMessages.storageLimit(0, 2 * MB) },
    ]);
    expect((await counter(form.userId)).claimedBytes).toBeLessThanOrEqual(2 * MB);

    const kept = uploads.filter((upload) => !refused.some((done) => done.upload === upload));
    expect(kept).toHaveLength(2);
    for (const upload of kept) {
      upload.finish();
    }
    expect((await Promise.all(kept.map((upload) => upload.answer))).map(({ status }) => status)).toEqual([
      201, 201,
    ]);
    // Each kept file holds exactly its size; what refused uploads claimed was given back.
    expect(await counter(form.userId)).toEqual({
      storageBytes: 2 * file.length,
      claimedBytes: 2 * file.length,
    });
    expect(await residue(form)).toMatchObject({ submissions: 2, fileRecords: 2, gridFsFiles: 2 });
  });

  test('a cut-off upload and a refused one give their claims back', async () => {
    const { app } = await buildTestApp();
    const base = new URL(await listen(app));
    const form = await createUploadForm({ plan: 'STANDARD' }, [
      { name: 'doc', label: 'Document', type: 'file', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
    ]);
    const cut = heldUpload(base, form.formId, pngBytes(3 * MB), 2 * MB);
    await expect
      .poll(async () => (await counter(form.userId)).claimedBytes, { timeout: 30_000, interval: 50 })
      .toBeGreaterThanOrEqual(MB);
    cut.abort();
    await expect
      .poll(async () => counter(form.userId), { timeout: 30_000, interval: 100 })
      .toEqual({ storageBytes: 0, claimedBytes: 0 });

    // Stored whole, then refused for a field after it: its claim goes with its bytes.
    const body = new FormData();
    body.append('doc', new Blob([pngBytes(2 * MB)]), 'doc.png');
    body.append('email', 'not an email');
    const refused = await fetch(`${base.origin}/f/${form.formId}`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
    });

    expect(refused.status).toBe(400);
    expect(await counter(form.userId)).toEqual({ storageBytes: 0, claimedBytes: 0 });
    expect(await residue(form)).toMatchObject({ fileRecords: 0, gridFsFiles: 0 });
  });
});
