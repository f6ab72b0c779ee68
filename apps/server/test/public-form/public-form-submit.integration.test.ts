import { listSubmissions } from '@formwell/core';
import { afterEach, describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeCaptchaVerifier } from '../helpers/fake-captcha-verifier.js';
import { createPublicForm, outboxKinds, spamCount, storedData } from './helpers.js';
import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';

const PUBLIC_URL = 'https://forms.example.com';
const JSON_ACCEPT = { accept: 'application/json' };
const PUBLIC_FORM_415 =
  'Unsupported Media Type: send application/x-www-form-urlencoded, multipart/form-data (text fields only) or application/json';
const BROWSER_ACCEPT = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8',
};
const FORM_ENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

function multipart(parts: { name: string; value: string; filename?: string }[]) {
  const boundary = '----formwell-test-boundary';
  const body =
    parts
      .map(
        (part) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (part.filename !== undefined
            ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
            : '') +
          `\r\n\r\n${part.value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;

  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /f/:formId bodies', () => {
  test('URL-encoded: 303 to the form thank-you page; repeated names stored as arrays; outbox has the webhook', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();

    const response = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT },
      payload: 'name=Ada&topics=maths&topics=engines&_gotcha=',
    });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/f/${form.formId}/thanks`);
    expect(response.headers['x-ratelimit-limit']).toBe('20');
    expect(await storedData(form)).toEqual([{ name: 'Ada', topics: ['maths', 'engines'] }]);
    const { submissions } = await listSubmissions({ userId: form.userId, formId: form.formId });
    // The PRO owner's notification (on by default) and the form's webhook.
    expect(await outboxKinds(String(submissions[0]?.id))).toEqual(['email.developer', 'webhook']);
  });

  test('multipart text fields are stored like URL-encoded ones; an empty file input is ignored', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();
    const body = multipart([
      { name: 'name', value: 'Grace' },
      { name: 'langs', value: 'COBOL' },
      { name: 'langs', value: 'FLOW-MATIC' },
      { name: 'cv', value: '', filename: '' },
    ]);

    const response = await app.inject({ method: 'POST', url: `/f/${form.formId}`, ...body });

    expect(response.statusCode).toBe(303);
    expect(await storedData(form)).toEqual([{ name: 'Grace', langs: ['COBOL', 'FLOW-MATIC'] }]);
  });

  test('a multipart file is 415 (page for browsers, the error body for JSON clients); nothing stored', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();
    const parts = [
      { name: 'name', value: 'Grace' },
      { name: 'cv', value: 'PDF bytes', filename: 'cv.pdf' },
    ];

    const page = await app.inject({ method: 'POST', url: `/f/${form.formId}`, ...multipart(parts) });
    const { payload, headers } = multipart(parts);
    const json = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      payload,
      headers: { ...headers, ...JSON_ACCEPT },
    });

    expect(page.statusCode).toBe(415);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('no file uploads');
    expect([json.statusCode, json.json()]).toEqual([
      415,
      {
        error: PUBLIC_FORM_415,
        message: PUBLIC_FORM_415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ]);
    // A file far over the body limit is refused by its kind, never read through.
    const big = multipart([{ name: 'cv', value: 'x'.repeat(300 * 1024), filename: 'cv.pdf' }]);
    const bigFile = await app.inject({ method: 'POST', url: `/f/${form.formId}`, ...big });
    expect(bigFile.statusCode).toBe(415);
    expect(await storedData(form)).toEqual([]);
  });

  test('JSON with Accept: application/json gets the 201 body of the API submit', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();

    const response = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: JSON_ACCEPT,
      payload: { name: 'Ada', tags: ['a', 'b'] },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Form submitted successfully',
      submissionId: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      redirect: { url: `${PUBLIC_URL}/f/${form.formId}/thanks`, allowed: true },
    });
    expect(await storedData(form)).toEqual([{ name: 'Ada', tags: ['a', 'b'] }]);
  });

  test('plain text and other content types are 415; a body over 100 KB is 413; too many multipart fields 413', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();
    const url = `/f/${form.formId}`;

    const text = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain', ...JSON_ACCEPT },
      payload: 'name=Ada',
    });
    const big = await app.inject({
      method: 'POST',
      url,
      headers: { ...FORM_ENCODED, ...JSON_ACCEPT },
      payload: `name=${'x'.repeat(101 * 1024)}`,
    });
    const many = multipart(Array.from({ length: 120 }, (_, index) => ({ name: `f${index}`, value: 'x' })));
    const tooMany = await app.inject({
      method: 'POST',
      url,
      payload: many.payload,
      headers: { ...many.headers, ...JSON_ACCEPT },
    });
    const longField = multipart([{ name: 'bio', value: 'x'.repeat(40_001) }]);
    const tooLong = await app.inject({
      method: 'POST',
      url,
      payload: longField.payload,
      headers: { ...longField.headers, ...JSON_ACCEPT },
    });

    // The text names what this endpoint reads, not only JSON as the API's 415 does.
    expect([text.statusCode, text.json<{ message: string }>().message]).toEqual([415, PUBLIC_FORM_415]);
    expect([big.statusCode, big.json<{ message: string }>().message]).toEqual([
      413,
      'Request body is too large (at most 100 KB)',
    ]);
    expect(tooMany.statusCode).toBe(413);
    expect(tooLong.statusCode).toBe(413);
    expect(await storedData(form)).toEqual([]);
  });

  test('the data is validated like the API submit: 400 with fieldErrors, escaped on the page', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm({ form: {} });
    const url = `/f/${form.formId}`;

    const json = await app.inject({
      method: 'POST',
      url,
      headers: { ...FORM_ENCODED, ...JSON_ACCEPT },
      payload: 'email=not-an-email&%3Cb%3Ebold%3C%2Fb%3E=x',
    });
    const page = await app.inject({
      method: 'POST',
      url,
      headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT },
      payload: 'email=not-an-email&%3Cb%3Ebold%3C%2Fb%3E=x',
    });
    const checkbox = await app.inject({
      method: 'POST',
      url,
      headers: { ...FORM_ENCODED, ...JSON_ACCEPT },
      payload: 'email=ada%40example.com&topic=support&message=hi',
    });

    expect([json.statusCode, json.json()]).toEqual([
      400,
      {
        error: 'Invalid submission data',
        message: 'Invalid submission data',
        code: 'BAD_REQUEST',
        fieldErrors: { email: 'Must be a valid email address', '<b>bold</b>': 'Unknown field' },
      },
    ]);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('&lt;b&gt;bold&lt;/b&gt;: Unknown field');
    expect(page.body).not.toContain('<b>bold');
    expect(checkbox.statusCode).toBe(201);
  });

  test('`__proto__` as a field name is refused', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();

    const response = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...FORM_ENCODED, ...JSON_ACCEPT },
      payload: '__proto__=x&name=Ada',
    });

    expect(response.statusCode).toBe(400);
    expect(await storedData(form)).toEqual([]);
  });
});

describe('POST /f/:formId opt-in, redirects, honeypot, origins', () => {
  test('a form that did not opt in says so; an unknown id and a malformed id answer Form not found (404 each)', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const owner = await createOwner();
    const closed = await createTestForm(owner.userId, { fields: [] });
    const answers = [];
    for (const id of [closed.id, '0123456789abcdef01234567', 'not-an-id']) {
      const response = await app.inject({
        method: 'POST',
        url: `/f/${id}`,
        headers: { ...FORM_ENCODED, ...JSON_ACCEPT },
        payload: 'name=Ada',
      });
      answers.push([response.statusCode, response.json()]);
    }
    const page = await app.inject({
      method: 'POST',
      url: `/f/${closed.id}`,
      headers: FORM_ENCODED,
      payload: 'a=b',
    });

    const off = 'Public submissions are off for this form';
    const missing = [404, { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' }];
    expect(answers).toEqual([[404, { error: off, message: off, code: 'NOT_FOUND' }], missing, missing]);
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect((await app.inject({ method: 'GET', url: `/f/${closed.id}/thanks` })).statusCode).toBe(404);
  });

  test('_redirect: FREE lands on the thank-you page (allowed: false), PRO on the redirect; unsafe schemes 400', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const free = await createPublicForm({ owner: { plan: 'FREE' } });
    const pro = await createPublicForm({ owner: { plan: 'PRO' } });
    const post = (formId: string, redirect: string, accept = BROWSER_ACCEPT) =>
      app.inject({
        method: 'POST',
        url: `/f/${formId}`,
        headers: { ...FORM_ENCODED, ...accept },
        payload: `name=Ada&_redirect=${encodeURIComponent(redirect)}`,
      });

    const freePage = await post(free.formId, 'https://example.com/done');
    const freeJson = await post(free.formId, 'https://example.com/done', JSON_ACCEPT);
    const proPage = await post(pro.formId, 'https://example.com/done');
    const unsafe = await post(pro.formId, 'javascript:alert(1)', JSON_ACCEPT);
    const empty = await post(pro.formId, '');

    expect([freePage.statusCode, freePage.headers.location]).toEqual([
      303,
      `${PUBLIC_URL}/f/${free.formId}/thanks`,
    ]);
    expect(freeJson.json<{ redirect: unknown }>().redirect).toEqual({
      url: `${PUBLIC_URL}/f/${free.formId}/thanks`,
      allowed: false,
      reason: 'Custom redirects require STANDARD or PRO plan',
    });
    expect([proPage.statusCode, proPage.headers.location]).toEqual([303, 'https://example.com/done']);
    expect([unsafe.statusCode, unsafe.json<{ message: string }>().message]).toEqual([
      400,
      'redirectUrl must be an absolute http(s) URL',
    ]);
    expect([empty.statusCode, empty.headers.location]).toEqual([303, `${PUBLIC_URL}/f/${pro.formId}/thanks`]);
    // The redirect field is never stored with the data.
    expect(await storedData(pro)).toEqual([{ name: 'Ada' }, { name: 'Ada' }]);
  });

  test('a _redirect with control characters or non-ASCII text becomes a valid Location header', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const pro = await createPublicForm({ owner: { plan: 'PRO' } });
    const post = (redirect: string) =>
      app.inject({
        method: 'POST',
        url: `/f/${pro.formId}`,
        headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT },
        payload: `name=Ada&_redirect=${encodeURIComponent(redirect)}`,
      });

    const withNewline = await post('https://example.com/done\r\nX-Injected: yes');
    const withSnowman = await post('https://example.com/caf\u00e9/\u2603');

    expect([withNewline.statusCode, withNewline.headers.location]).toEqual([
      303,
      'https://example.com/doneX-Injected:%20yes',
    ]);
    expect(withNewline.headers['x-injected']).toBeUndefined();
    expect([withSnowman.statusCode, withSnowman.headers.location]).toEqual([
      303,
      'https://example.com/caf%C3%A9/%E2%98%83',
    ]);
  });

  test('a filled _gotcha lands like a success, stores nothing and counts as spam', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm();

    const response = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT },
      payload: 'name=Bot&_gotcha=http%3A%2F%2Fspam.example',
    });

    expect([response.statusCode, response.headers.location]).toEqual([
      303,
      `${PUBLIC_URL}/f/${form.formId}/thanks`,
    ]);
    expect(await storedData(form)).toEqual([]);
    expect(await spamCount(form)).toBe(1);
  });

  test('allowed origins: Origin, else Referer, must be listed; others get a clear 403', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm({
      publicSubmissions: { allowedOrigins: ['https://shop.example.com'] },
    });
    const post = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/f/${form.formId}`,
        headers: { ...FORM_ENCODED, ...JSON_ACCEPT, ...headers },
        payload: 'name=Ada',
      });

    const byOrigin = await post({ origin: 'https://shop.example.com' });
    const byReferer = await post({ referer: 'https://shop.example.com/contact?x=1' });
    const wrong = await post({ origin: 'https://evil.example.net' });
    const opaque = await post({ origin: 'null' });
    const none = await post({});
    const page = await app.inject({
      method: 'POST',
      url: `/f/${form.formId}`,
      headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT, origin: 'https://evil.example.net' },
      payload: 'name=Ada',
    });

    expect([byOrigin.statusCode, byReferer.statusCode]).toEqual([201, 201]);
    const refused = {
      error: 'This form does not accept submissions from this origin',
      message: 'This form does not accept submissions from this origin',
      code: 'FORBIDDEN',
    };
    expect([wrong.statusCode, wrong.json()]).toEqual([403, refused]);
    expect([opaque.statusCode, none.statusCode]).toEqual([403, 403]);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This form does not accept submissions from this origin');
    expect(await storedData(form)).toHaveLength(2);
  });
});

describe('POST /f/:formId abuse controls', () => {
  test('CAPTCHA: missing or wrong token refused and counted as spam; the right one stored; the secret never leaks', async () => {
    const secret = 'hcaptcha-secret-value-7d1c';
    const verifier = await startFakeCaptchaVerifier({ secret, token: 'good-token' });
    cleanups.push(verifier.close);
    const { app, logLines } = await buildTestApp({ PUBLIC_URL, CAPTCHA_HCAPTCHA_VERIFY_URL: verifier.url });
    const form = await createPublicForm({ publicSubmissions: { captcha: { provider: 'hcaptcha', secret } } });
    const post = (payload: string, accept = JSON_ACCEPT) =>
      app.inject({
        method: 'POST',
        url: `/f/${form.formId}`,
        headers: { ...FORM_ENCODED, ...accept },
        payload,
      });

    // Bad input is refused before the provider is asked (it never sees this one).
    const badRedirect = await post('name=Ada&_redirect=javascript%3Ax&h-captcha-response=good-token');
    const missing = await post('name=Ada');
    const wrong = await post('name=Ada&h-captcha-response=forged');
    const wrongPage = await post('name=Ada&h-captcha-response=forged', BROWSER_ACCEPT);
    const right = await post('name=Ada&h-captcha-response=good-token');

    expect(badRedirect.statusCode).toBe(400);
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([
      403,
      'CAPTCHA verification failed',
    ]);
    expect(wrong.statusCode).toBe(403);
    expect(wrongPage.statusCode).toBe(403);
    expect(right.statusCode).toBe(201);
    // The token field is the provider's, never stored; the provider saw the secret and the token.
    expect(await storedData(form)).toEqual([{ name: 'Ada' }]);
    expect(verifier.received.map((body) => [body.secret, body.response])).toEqual([
      [secret, 'forged'],
      [secret, 'forged'],
      [secret, 'good-token'],
    ]);
    expect(await spamCount(form)).toBe(3);
    for (const text of [missing.body, wrong.body, wrongPage.body, right.body, logLines.join('\n')]) {
      expect(text).not.toContain(secret);
    }
  });

  test('a CAPTCHA provider that is down or answers 500: 503 with Retry-After, nothing stored, no spam counted', async () => {
    const down = await startFakeCaptchaVerifier({ secret: 's', token: 't' });
    await down.close();
    const failing = await startFakeCaptchaVerifier({ secret: 's', token: 't', failingStatus: 500 });
    cleanups.push(failing.close);
    const { app } = await buildTestApp({
      PUBLIC_URL,
      CAPTCHA_TURNSTILE_VERIFY_URL: down.url,
      CAPTCHA_HCAPTCHA_VERIFY_URL: failing.url,
    });
    const unreachable = await createPublicForm({
      publicSubmissions: { captcha: { provider: 'turnstile', secret: 's' } },
    });
    const erroring = await createPublicForm({
      publicSubmissions: { captcha: { provider: 'hcaptcha', secret: 's' } },
    });
    const post = (formId: string, payload: string, accept = JSON_ACCEPT) =>
      app.inject({ method: 'POST', url: `/f/${formId}`, headers: { ...FORM_ENCODED, ...accept }, payload });

    const answers = [
      await post(unreachable.formId, 'name=Ada&cf-turnstile-response=t'),
      await post(erroring.formId, 'name=Ada&h-captcha-response=t'),
    ];
    const page = await post(erroring.formId, 'name=Ada&h-captcha-response=t', BROWSER_ACCEPT);

    const text = 'CAPTCHA could not be verified right now, please try again';
    for (const answer of answers) {
      expect([answer.statusCode, answer.headers['retry-after'], answer.json()]).toEqual([
        503,
        '30',
        { error: text, message: text, code: 'SERVICE_UNAVAILABLE' },
      ]);
      // A script on another origin can read when to retry.
      expect(answer.headers['access-control-expose-headers']).toContain('Retry-After');
    }
    expect([page.statusCode, page.headers['retry-after']]).toEqual([503, '30']);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(text);
    expect(failing.received).toHaveLength(2);
    for (const form of [unreachable, erroring]) {
      expect(await storedData(form)).toEqual([]);
      expect(await spamCount(form)).toBe(0);
    }
  });

  test('per client address and form: the limit headers on every answer, then 429 with Retry-After', async () => {
    const { app } = await buildTestApp({
      PUBLIC_URL,
      RATE_LIMIT_PUBLIC_SUBMIT: '3/60',
      TRUST_PROXY: 'loopback',
    });
    const form = await createPublicForm();
    const other = await createPublicForm();
    const post = (formId: string, address: string) =>
      app.inject({
        method: 'POST',
        url: `/f/${formId}`,
        headers: { ...FORM_ENCODED, ...BROWSER_ACCEPT, 'x-forwarded-for': address },
        payload: 'name=Ada',
      });

    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      answers.push(await post(form.formId, '203.0.113.7'));
    }
    const refused = answers[3];
    const otherForm = await post(other.formId, '203.0.113.7');
    const otherAddress = await post(form.formId, '203.0.113.8');

    expect(answers.map((response) => response.statusCode)).toEqual([303, 303, 303, 429]);
    expect(answers.map((response) => response.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused?.headers['x-ratelimit-limit']).toBe('3');
    expect(refused?.body).toContain('Rate limit exceeded');
    expect([otherForm.statusCode, otherAddress.statusCode]).toEqual([303, 303]);
    expect(await storedData(form)).toHaveLength(4);
  });
});

describe('GET /f/:formId/thanks', () => {
  test("shows the form's name escaped, a link back only to an http(s) Referer, under a strict CSP", async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const form = await createPublicForm({ form: { name: '<img src=x onerror=alert(1)> & co', fields: [] } });

    const page = await app.inject({
      method: 'GET',
      url: `/f/${form.formId}/thanks`,
      headers: { referer: 'https://shop.example.com/contact?a="b"' },
    });
    const scripted = await app.inject({
      method: 'GET',
      url: `/f/${form.formId}/thanks`,
      headers: { referer: 'javascript:alert(1)' },
    });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; co');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('<a href="https://shop.example.com/contact?a=%22b%22">');
    expect(scripted.body).not.toContain('<a ');
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
  });
});
