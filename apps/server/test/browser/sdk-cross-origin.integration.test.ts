import type { AddressInfo } from 'node:net';

import { createApiKey, listSubmissions, updateForm } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { launchChromium, serveCustomerSite } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

type TSdkCall = { path: string; key: string; method?: 'GET' | 'POST'; body?: unknown };
type TSdkAnswer = {
  status: number;
  body: Record<string, unknown>;
  rateLimit: { limit: string | null; remaining: string | null; reset: string | null };
};

/**
 * Calls the API from the page exactly as the Mantlz SDK does: `mode: 'cors'`,
 * `credentials: 'include'`, the key in `X-API-Key`, JSON bodies. Each answer is what the page
 * itself can read; a call the browser blocks throws inside the page and fails the test.
 */
async function sdkCalls(page: Page, apiOrigin: string, calls: TSdkCall[]): Promise<TSdkAnswer[]> {
  return page.evaluate(
    async ({ apiOrigin, calls }) => {
      const answers = [];
      for (const { path, key, method = 'GET', body } of calls) {
        const response = await fetch(`${apiOrigin}/api/v1${path}`, {
          method,
          mode: 'cors',
          credentials: 'include',
          headers: {
            'X-API-Key': key,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        answers.push({
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
          rateLimit: {
            limit: response.headers.get('X-RateLimit-Limit'),
            remaining: response.headers.get('X-RateLimit-Remaining'),
            reset: response.headers.get('X-RateLimit-Reset'),
          },
        });
      }

      return answers;
    },
    { apiOrigin, calls },
  );
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });

  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function customerPage() {
  const site = await serveCustomerSite({ '/': '<!doctype html><title>customer shop</title><p>shop</p>' });
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);

  return { site, page };
}

describe('a customer page in Chromium calls the API as the Mantlz SDK does', () => {
  test('GET form, submit with the extra `type` and `apiKey` fields, users-joined and the 400/401/404 bodies are readable; the submission is stored', async () => {
    const { site, page } = await customerPage();
    // The deployment names the page's origin, as the reporter did.
    const { app } = await buildTestApp({ CORS_ORIGINS: site.origin });
    const apiOrigin = await listen(app);
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { settings: { usersJoined: { enabled: true } } });
    const key = owner.key;

    const [getForm, submit, usersJoined, invalid, badKey, unknownForm] = await sdkCalls(page, apiOrigin, [
      { path: `/forms/${form.id}`, key },
      {
        path: '/forms/submit',
        key,
        method: 'POST',
        body: {
          formId: form.id,
          data: { email: 'visitor@example.com', message: 'from the shop' },
          type: 'contact',
          apiKey: key,
        },
      },
      { path: `/forms/${form.id}/users-joined`, key },
      {
        path: '/forms/submit',
        key,
        method: 'POST',
        body: { formId: form.id, data: { email: 'not an email' }, type: 'contact', apiKey: key },
      },
      { path: `/forms/${form.id}`, key: 'mk_live_00000000000000000000000000000000' },
      { path: '/forms/0123456789abcdef01234567', key },
    ]);

    expect([getForm?.status, getForm?.body.id, getForm?.body.name]).toEqual([200, form.id, 'Contact us']);
    expect(getForm?.rateLimit).toEqual({
      limit: '100',
      remaining: '99',
      reset: expect.stringMatching(/^\d{10}$/) as string,
    });
    expect(submit?.status).toBe(201);
    expect(submit?.body).toMatchObject({ success: true, submissionId: expect.any(String) as string });
    expect(submit?.rateLimit.limit).toBe('600');
    expect(usersJoined).toMatchObject({ status: 200, body: { formId: form.id, count: 1 } });
    expect(invalid?.status).toBe(400);
    expect(invalid?.body).toMatchObject({ error: 'Invalid submission data', code: 'BAD_REQUEST' });
    expect(badKey).toMatchObject({
      status: 401,
      body: {
        error: 'Invalid or inactive API key',
        message: 'Invalid or inactive API key',
        code: 'UNAUTHORIZED',
      },
    });
    expect(unknownForm).toMatchObject({
      status: 404,
      body: { error: 'Form not found', code: 'NOT_FOUND' },
    });

    const stored = await listSubmissions({ userId: owner.userId, formId: form.id });
    expect(stored.submissions.map((submission) => submission.data)).toEqual([
      { email: 'visitor@example.com', message: 'from the shop' },
    ]);
  });

  test('a restricted key: 403 readable from a non-allowed origin and on another form; accepted on its form from its origin', async () => {
    const { site, page } = await customerPage();
    const { app } = await buildTestApp();
    const apiOrigin = await listen(app);
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const otherForm = await createTestForm(owner.userId, { name: 'Other' });
    // A page's key submits as POST /f/ does: only to a form that takes public submissions.
    await updateForm({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      data: { publicSubmissions: { enabled: true } },
    });
    const restrict = async (allowedOrigins: string[]) =>
      (
        await createApiKey({
          userId: owner.userId,
          name: 'page key',
          scopes: ['forms:read', 'submissions:write'],
          formIds: [form.id],
          allowedOrigins,
        })
      ).key;
    const elsewhereKey = await restrict(['https://elsewhere.example']);
    const pageKey = await restrict([site.origin]);
    const submitTo = (formId: string, key: string): TSdkCall => ({
      path: '/forms/submit',
      key,
      method: 'POST',
      body: { formId, data: { email: 'visitor@example.com' }, type: 'contact', apiKey: key },
    });

    const [wrongOrigin, wrongForm, wrongFormRead, accepted] = await sdkCalls(page, apiOrigin, [
      submitTo(form.id, elsewhereKey),
      submitTo(otherForm.id, pageKey),
      { path: `/forms/${otherForm.id}`, key: pageKey },
      submitTo(form.id, pageKey),
    ]);

    expect(wrongOrigin).toMatchObject({
      status: 403,
      body: { error: 'API key is not allowed from this origin', code: 'FORBIDDEN' },
    });
    expect(wrongForm).toMatchObject({
      status: 403,
      body: { error: 'API key is not allowed for this form', code: 'FORBIDDEN' },
    });
    expect(wrongFormRead?.status).toBe(403);
    expect(accepted?.status).toBe(201);
    expect((await listSubmissions({ userId: owner.userId, formId: otherForm.id })).submissions).toEqual([]);
    expect((await listSubmissions({ userId: owner.userId, formId: form.id })).submissions).toHaveLength(1);
  });
});
