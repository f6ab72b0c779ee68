import { afterEach, describe, expect, test, vi } from 'vitest';
import { request as httpRequest } from 'node:http';

import { createTestForm, createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { storedData } from '../public-form/helpers.js';
import {
  createUploadForm,
  exeBytes,
  formData,
  listen,
  MB,
  NOTHING_LEFT,
  pngBytes,
  residue,
  sha256,
} from './helpers.js';

const JSON_ACCEPT = { accept: 'application/json' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('file uploads on POST /f/{formId}', () => {
  test('a multipart submission stores its files streamed, sniffed and hashed; storage is counted', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createUploadForm();
    const cv = pngBytes(300 * 1024);
    const photo = pngBytes(5000);

    const response = await fetch(`${base}/f/${form.formId}`, {
      method: 'POST',
      headers: JSON_ACCEPT,
      body: formData([
        ['name', 'Ada'],
        // The client's type is ignored: the bytes say PNG.
        ['cv', { bytes: cv, filename: 'C:\\fakepath\\my cv.png', type: 'text/html' }],
        ['photos', { bytes: photo, filename: '../../etc/photo.png' }],
      ]),
    });

    expect(response.status).toBe(201);
    const [data] = (await storedData(form)) as Record<string, unknown>[];
    expect(data).toEqual({
      name: 'Ada',
      cv: {
        fileId: expect.any(String) as unknown,
        name: 'my cv.png',
        size: cv.length,
        contentType: 'image/png',
        sha256: sha256(cv),
      },
      photos: [
        {
          fileId: expect.any(String) as unknown,
          name: 'photo.png',
          size: photo.length,
          contentType: 'image/png',
          sha256: sha256(photo),
        },
      ],
    });
    expect(await residue(form)).toMatchObject({
      submissions: 1,
      fileRecords: 2,
      gridFsFiles: 2,
      storageBytes: cv.length + photo.length,
    });
  });

  test.each([
    [
      'an .exe renamed .png',
      () => [
        ['name', 'x'],
        ['cv', { bytes: exeBytes(), filename: 'cv.png', type: 'image/png' }],
      ],
      400,
      /not accepted for "cv"/,
    ],
    [
      'an HTML file where PDF or PNG is accepted',
      () => [
        ['name', 'x'],
        ['cv', { bytes: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'cv.png' }],
      ],
      400,
      /text\/html is not accepted/,
    ],
    [
      'a zero-byte file',
      () => [
        ['name', 'x'],
        ['photos', { bytes: Buffer.alloc(0), filename: 'empty.png' }],
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
      ],
      400,
      /empty/,
    ],
    [
      'a file part for a text field',
      () => [['name', { bytes: pngBytes(), filename: 'name.png' }]],
      400,
      /"name" is not a file field/,
    ],
    [
      'three files where two are allowed',
      () => [
        ['name', 'x'],
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
        ...[1, 2, 3].map((n) => ['photos', { bytes: pngBytes(), filename: `p${n}.png` }]),
      ],
      400,
      /at most 2 files/,
    ],
    [
      'two files where one is allowed',
      () => [
        ['name', 'x'],
        ['cv', { bytes: pngBytes(), filename: 'a.png' }],
        ['cv', { bytes: pngBytes(), filename: 'b.png' }],
      ],
      400,
      /at most 1 file$/,
    ],
    [
      'a file value written as text',
      () => [
        ['name', 'x'],
        ['cv', '{"fileId":"x"}'],
      ],
      400,
      /Invalid submission data/,
    ],
    [
      'a valid file with a bad text field after it',
      () => [
        ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
        ['name', 'x'],
        ['unknown', 'y'],
      ],
      400,
      /Invalid submission data/,
    ],
  ] as const)('%s is refused and leaves nothing behind', async (_label, parts, status, message) => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createUploadForm();

    const response = await fetch(`${base}/f/${form.formId}`, {
      method: 'POST',
      headers: JSON_ACCEPT,
      body: formData(parts() as Parameters<typeof formData>[0]),
    });

    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a file over its limit is answered 413 while the body is still being sent; nothing remains', async () => {
    const { app } = await buildTestApp();
    const base = new URL(await listen(app));
    const form = await createUploadForm();
    const boundary = 'formwell-limit';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // 1 MB is the field's limit: 2 MB are sent, then the client waits for the answer before
    // sending the rest (20 MB more it never has to send).
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: `/f/${form.formId}`,
          headers: {
            ...JSON_ACCEPT,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + 22 * MB),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      req.write(head);
      req.write(pngBytes(2 * MB));
    });

    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'Request body is too large (at most 1 MB)' });
    await vi.waitFor(async () => expect(await residue(form)).toEqual(NOTHING_LEFT), {
      timeout: 30_000,
      interval: 100,
    });
  });

  test('a client that disconnects half-way through a file leaves nothing behind', async () => {
    const { app } = await buildTestApp();
    const base = new URL(await listen(app));
    const form = await createUploadForm({ plan: 'PRO' }, [
      { name: 'video', label: 'Video', type: 'file', required: true },
    ]);
    const boundary = 'formwell-cut';
    const req = httpRequest({
      host: base.hostname,
      port: base.port,
      method: 'POST',
      path: `/f/${form.formId}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * MB),
      },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.png"\r\n\r\n`);
    req.write(pngBytes(3 * MB));
    // The server has started storing the file before the client goes away.
    await vi.waitFor(async () => expect((await residue(form)).fileRecords).toBe(1), {
      timeout: 30_000,
      interval: 50,
    });
    req.destroy();

    await vi.waitFor(async () => expect(await residue(form)).toEqual(NOTHING_LEFT), {
      timeout: 30_000,
      interval: 100,
    });
  });

  test('a file field on FREE is refused (403); a JSON submit to a required file field names it (400)', async () => {
    const { app } = await buildTestApp();
    const free = await createOwner({ plan: 'FREE' });
    await expect(
      createTestForm(free.userId, { fields: [{ name: 'cv', label: 'CV', type: 'file' }] }),
    ).rejects.toMatchObject({
      httpStatus: 403,
      message: 'File uploads are only available with the STANDARD or PRO plan',
    });
    const form = await createUploadForm();

    const response = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...JSON_ACCEPT, 'content-type': 'application/json' },
      payload: {
        name: 'Ada',
        cv: { fileId: 'forged', name: 'x', size: 1, contentType: 'image/png', sha256: 'x' },
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { cv: 'Files must be sent as multipart/form-data' },
    });
    const missing = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...JSON_ACCEPT, 'content-type': 'application/json' },
      payload: { name: 'Ada' },
    });
    expect(missing.json()).toMatchObject({
      fieldErrors: { cv: 'Required: send the file as multipart/form-data' },
    });
  });

  test('a file name with control characters or 1,000 characters is cleaned and cut keeping its extension', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createUploadForm();
    const long = `${'a'.repeat(1000)}.png`;

    const response = await fetch(`${base}/f/${form.formId}`, {
      method: 'POST',
      headers: JSON_ACCEPT,
      body: formData([
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(), filename: 'c\u0001v\u007f.png' }],
        ['photos', { bytes: pngBytes(), filename: long }],
      ]),
    });

    expect(response.status).toBe(201);
    const [data] = (await storedData(form)) as { cv: { name: string }; photos: { name: string }[] }[];
    expect(data?.cv.name).toBe('cv.png');
    expect(data?.photos[0]?.name).toBe(`${'a'.repeat(251)}.png`);
  });
});
