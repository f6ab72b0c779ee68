import { connect } from 'node:net';

import { createEmbedKey } from '@formwell/core';
import { uploadedFileRepository } from '@formwell/db';
import { afterEach, expect, test, vi } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createPublicForm } from '../public-form/helpers.js';
import { formData, listen, NAME_AND_CV_FIELDS, pngBytes, residue } from './helpers.js';

const SITE = 'https://shop.example';
/** Long enough for any machine to answer a request whose body it need not read. */
const ANSWER_WAIT_MS = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A form with a file field, an embed key for it on SITE (the dashboard's kind: one form), one submit a minute. */
async function setUp() {
  const { app } = await buildTestApp({ RATE_LIMIT_PUBLIC_SUBMIT: '1/60' });
  const form = await createPublicForm({
    owner: { plan: 'STANDARD' },
    form: { fields: [...NAME_AND_CV_FIELDS] },
  });
  const { key } = await createEmbedKey({ userId: form.userId, formId: form.formId, allowedOrigins: [SITE] });
  const base = await listen(app);
  const post = () =>
    fetch(`${base}/api/v1/forms/submit`, {
      method: 'POST',
      headers: { 'x-api-key': key, origin: SITE },
      body: formData([
        ['formId', form.formId],
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(64 * 1024), filename: 'cv.png' }],
      ]),
    });

  return { base, form, key, post };
}

/**
 * Sends the head of a multipart submit announcing a 5 MB body, then only the start of its first
 * part, and waits for an answer (null if none came): a server that must read the body first cannot
 * answer, since the rest never comes.
 */
function answerToHalfSentBody(base: string, headers: Record<string, string>): Promise<number | null> {
  const { port } = new URL(base);
  const boundary = 'formwell-test-boundary';

  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1' });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, ANSWER_WAIT_MS);
    socket.on('data', (data: Buffer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data.toString('latin1'))?.[1] ?? 0));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('connect', () => {
      const head = Object.entries({
        host: '127.0.0.1',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(5 * 1024 * 1024),
        ...headers,
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST /api/v1/forms/submit HTTP/1.1\r\n${head}\r\n`);
      socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="formId"\r\n\r\n`);
    });
  });
}

test("an embed key's multipart submit over the per-address limit is refused before any file is stored", async () => {
  const { form, post } = await setUp();
  const begun = vi.spyOn(uploadedFileRepository, 'begin');

  expect((await post()).status).toBe(201);
  const refused = await post();

  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ error: 'Rate limit exceeded' });
  expect(refused.headers.get('retry-after')).toEqual(expect.any(String));
  // The first submit's file only: the refused one began none.
  expect(begun).toHaveBeenCalledTimes(1);
  expect(await residue(form)).toMatchObject({ submissions: 1, fileRecords: 1 });
});

test('an embed key over the per-address limit is answered 429 before its multipart body is read', async () => {
  const { base, key, post } = await setUp();
  expect((await post()).status).toBe(201);

  // A server reading the body first would answer nothing: the rest of it never comes.
  expect(await answerToHalfSentBody(base, { 'x-api-key': key, origin: SITE })).toBe(429);
});
