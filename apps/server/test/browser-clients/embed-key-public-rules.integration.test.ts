import { createEmbedKey, updateForm } from '@formwell/core';
import { afterEach, describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeCaptchaVerifier } from '../helpers/fake-captcha-verifier.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const SITE = 'https://shop.example';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** An owner, a form and an embed key for it (what the dashboard's embed snippet uses). */
async function embedded(publicSubmissions?: Parameters<typeof updateForm>[0]['data']['publicSubmissions']) {
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });
  if (publicSubmissions) {
    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { publicSubmissions },
    });
  }
  const { key } = await createEmbedKey({ userId: owner.userId, formId: form.id, allowedOrigins: [SITE] });

  return { owner, form, key };
}

describe('an embed key follows the rules of POST /f/', () => {
  test('a form that has not opted in: 404 Public submissions are off for this form', async () => {
    const { app } = await buildTestApp();
    const { form, key } = await embedded();
    const response = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key,
      headers: { origin: SITE },
      payload: { formId: form.id, data: { name: 'Ada' } },
    });
    expect([response.statusCode, errorBody(response).error]).toEqual([
      404,
      'Public submissions are off for this form',
    ]);
  });

  test("the form's CAPTCHA applies: 403 without or with a wrong token, 201 with the right one (not stored)", async () => {
    const secret = 'turnstile-secret-4b2e';
    const verifier = await startFakeCaptchaVerifier({ secret, token: 'good-token' });
    cleanups.push(verifier.close);
    const { app } = await buildTestApp({ CAPTCHA_TURNSTILE_VERIFY_URL: verifier.url });
    const { form, key } = await embedded({ enabled: true, captcha: { provider: 'turnstile', secret } });
    const submit = (data: Record<string, unknown>) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key,
        headers: { origin: SITE },
        payload: { formId: form.id, data },
      });
    const missing = await submit({ name: 'Ada' });
    const wrong = await submit({ name: 'Ada', 'cf-turnstile-response': 'forged' });
    const right = await submit({ name: 'Ada', 'cf-turnstile-response': 'good-token' });
    expect([missing.statusCode, errorBody(missing).error]).toEqual([403, 'CAPTCHA verification failed']);
    expect(wrong.statusCode).toBe(403);
    expect(right.statusCode).toBe(201);
  });

  test('the per-address, per-form limit applies (429); a server-side key of the same owner is not held to it', async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_PUBLIC_SUBMIT: '2/60' });
    const { owner, form, key } = await embedded({ enabled: true });
    const submit = (useKey: string, headers: Record<string, string>) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: useKey,
        headers,
        payload: { formId: form.id, data: { name: 'Ada' } },
      });
    const statuses = [];
    for (let n = 0; n < 3; n += 1) {
      statuses.push((await submit(key, { origin: SITE })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await submit(owner.key, {})).statusCode).toBe(201);
  });
});
