import { ErrorMessages } from '@formwell/core';
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

const JSON_ACCEPT = { accept: 'application/json' };
const SECRET = 'hcaptcha-secret';
const TOKEN = 'good-token';

/** The multipart body of `parts` to the form's keyless endpoint, asking for a JSON answer. */
async function post(
  base: string,
  formId: string,
  parts: Parameters<typeof formData>[0],
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/f/${formId}`, {
    method: 'POST',
    headers: { ...JSON_ACCEPT, ...headers },
    body: formData(parts),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Origin, honeypot and CAPTCHA need no file byte: they are checked on the fields sent before the
 * first file part, so a request they refuse never has a file record begun (the record is written
 * before the first byte is stored).
 */
describe('POST /f/{formId}: checks that need no file run before a file byte is stored', () => {
  async function captchaSetUp() {
    const verifier = await startFakeCaptchaVerifier({ secret: SECRET, token: TOKEN });
    const { app } = await buildTestApp({ CAPTCHA_HCAPTCHA_VERIFY_URL: verifier.url });
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...NAME_AND_CV_FIELDS] },
      publicSubmissions: { captcha: { provider: 'hcaptcha', secret: SECRET } },
    });

    return { verifier, base: await listen(app), form };
  }

  test('an origin the form does not allow is refused (403) before its file is stored', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...NAME_AND_CV_FIELDS] },
      publicSubmissions: { allowedOrigins: ['https://shop.example.com'] },
    });
    const begun = vi.spyOn(uploadedFileRepository, 'begin');

    const response = await post(
      base,
      form.formId,
      [
        ['name', 'Ada'],
        ['cv', { bytes: pngBytes(64 * 1024), filename: 'cv.png' }],
      ],
      { origin: 'https://elsewhere.example.com' },
    );

    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      ErrorMessages.PUBLIC_ORIGIN_NOT_ALLOWED,
    );
    expect(begun).not.toHaveBeenCalled();
    expect(await residue(form)).toEqual(NOTHING_LEFT);
  });

  test('a CAPTCHA token that fails is refused (403) before the file after it is stored', async () => {
    const { verifier, base, form } = await captchaSetUp();
    const begun = vi.spyOn(uploadedFileRepository, 'begin');

    const response = await post(base, form.formId, [
      ['h-captcha-response', 'forged'],
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
    ]);

    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(ErrorMessages.CAPTCHA_FAILED);
    expect(begun).not.toHaveBeenCalled();
    expect(verifier.received).toHaveLength(1);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
    await verifier.close();
  });

  test('a CAPTCHA token sent after a file is refused (400) without asking the provider or storing the file', async () => {
    const { verifier, base, form } = await captchaSetUp();
    const begun = vi.spyOn(uploadedFileRepository, 'begin');

    const response = await post(base, form.formId, [
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
      ['h-captcha-response', TOKEN],
    ]);

    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      ErrorMessages.CAPTCHA_TOKEN_AFTER_FILES,
    );
    expect(begun).not.toHaveBeenCalled();
    expect(verifier.received).toHaveLength(0);
    expect(await residue(form)).toEqual(NOTHING_LEFT);
    await verifier.close();
  });

  test('a good token before the files is verified once, and the submission keeps its file', async () => {
    const { verifier, base, form } = await captchaSetUp();

    const response = await post(base, form.formId, [
      ['h-captcha-response', TOKEN],
      ['name', 'Ada'],
      ['cv', { bytes: pngBytes(), filename: 'cv.png' }],
    ]);

    expect(response.status).toBe(201);
    // A provider's token verifies once: the submit reuses the verdict given before the file.
    expect(verifier.received).toHaveLength(1);
    expect(await residue(form)).toMatchObject({ submissions: 1, fileRecords: 1, gridFsFiles: 1 });
    await verifier.close();
  });

  test('a bot the honeypot catches before its files is answered as usual; its files are never stored', async () => {
    const { app } = await buildTestApp();
    const base = await listen(app);
    const form = await createPublicForm({
      owner: { plan: 'STANDARD' },
      form: { fields: [...NAME_AND_CV_FIELDS] },
    });
    const begun = vi.spyOn(uploadedFileRepository, 'begin');

    const response = await post(base, form.formId, honeypotCaughtParts());

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true });
    expect(begun).not.toHaveBeenCalled();
    expect(await residue(form)).toEqual(NOTHING_LEFT);
    expect(await spamCount(form)).toBe(1);
  });
});
