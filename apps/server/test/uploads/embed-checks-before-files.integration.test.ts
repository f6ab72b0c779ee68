import { createEmbedKey, ErrorMessages } from '@formwell/core';
import { uploadedFileRepository } from '@formwell/db';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeCaptchaVerifier } from '../helpers/fake-captcha-verifier.js';
import { createPublicForm, spamCount } from '../public-form/helpers.js';
import {
  formData,
  honeypotCaughtParts,
  listen,
  NAME_AND_CV_FIELDS,
  NOTHING_LEFT,
  pngBytes,
  residue,
} from './helpers.js';

const SITE = 'https://shop.example';
const SECRET = 'hcaptcha-secret';
const TOKEN = 'good-token';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** A form with a file field, an embed key for it on SITE, and the app listening (real HTTP). */
async function setUp({ captcha = false, enabled = true }: { captcha?: boolean; enabled?: boolean } = {}) {
  const verifier = await startFakeCaptchaVerifier({ secret: SECRET, token: TOKEN });
  cleanups.push(verifier.close);
  const { app } = await buildTestApp({ CAPTCHA_HCAPTCHA_VERIFY_URL: verifier.url });
  const form = await createPublicForm({
    owner: { plan: 'STANDARD' },
    form: { fields: [...NAME_AND_CV_FIELDS] },
    publicSubmissions: {
      enabled,
      ...(captcha ? { captcha: { provider: 'hcaptcha' as const, secret: SECRET } } : {}),
    },
  });
  const { key } = await createEmbedKey({ userId: form.userId, formId: form.formId, allowedOrigins: [SITE] });
  const base = await listen(app);
  // Spied after the set-up: a file record is begun before a file's first byte is stored.
  const begun = vi.spyOn(uploadedFileRepository, 'begin');
  const post = (parts: Parameters<typeof formData>[0]) =>
    fetch(`${base}/api/v1/forms/submit`, {
      method: 'POST',
      headers: { 'x-api-key': key, origin: SITE },
      body: formData([['formId', form.formId], ...parts]),
    });

  return { verifier, form, begun, post };
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

/**
 * An embed key is a browser page's: the rules of POST /f/ that need no file byte (opt-in,
 * honeypot, CAPTCHA) are checked on the fields sent before the first file part, so a request they
 * refuse never has a file record begun.
 */
describe('POST /api/v1/forms/submit (multipart, embed key): browser rules run before a file byte is stored', () => {
  test('a form not opted in to public submissions: 404 before the file is stored', async () => {
    const { form, begun, post } = await setUp({ enabled: false });

    const response = await post([
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(64 * 1024), filename: 'cv.png' }],
    ]);

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe(ErrorMessages.PUBLIC_SUBMISSIONS_OFF);
    expect(begun).not.toHaveBeenCalled();
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a CAPTCHA token that fails: 403 before the file after it is stored', async () => {
    const { verifier, form, begun, post } = await setUp({ captcha: true });

    const response = await post([
      ['h-captcha-response', 'forged'],
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
    ]);

    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe(ErrorMessages.CAPTCHA_FAILED);
    expect(begun).not.toHaveBeenCalled();
    expect(verifier.received).toHaveLength(1);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a CAPTCHA token sent after a file: 400 without asking the provider or storing the file', async () => {
    const { verifier, form, begun, post } = await setUp({ captcha: true });

    const response = await post([
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
      ['h-captcha-response', TOKEN],
    ]);

    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(ErrorMessages.CAPTCHA_TOKEN_AFTER_FILES);
    expect(begun).not.toHaveBeenCalled();
    expect(verifier.received).toHaveLength(0);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a bot the honeypot catches before its files is answered as usual; its files are never stored', async () => {
    const { verifier, form, begun, post } = await setUp({ captcha: true });

    const response = await post(honeypotCaughtParts());

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true });
    expect(begun).not.toHaveBeenCalled();
    expect(verifier.received).toHaveLength(0);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
    expect(await spamCount(form)).toBe(1);
  });

  test('a good token before the files is verified once, and the submission keeps its file', async () => {
    const { verifier, form, begun, post } = await setUp({ captcha: true });

    const response = await post([
      ['h-captcha-response', TOKEN],
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
    ]);

    expect(response.status).toBe(201);
    // A provider's token verifies once: the submit reuses the verdict given before the file.
    expect(verifier.received).toHaveLength(1);
    expect(begun).toHaveBeenCalledTimes(1);
    expect(await residue(form)).toMatchObject({ submissions: 1, fileRecords: 1, gridFsFiles: 1 });
  });
});
