import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parsePrometheusText, type TScrape } from '@formwell/vitest-config/prometheus';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { startFakeCaptchaVerifier } from '../helpers/fake-captcha-verifier.js';
import { createPublicForm } from '../public-form/helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** Listens on a free loopback port: the scrape goes over real HTTP, as Prometheus sends it. */
async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function scrape(base: string, token?: string): Promise<TScrape> {
  const response = await fetch(`${base}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);

  return parsePrometheusText(await response.text());
}

describe('GET /metrics on the server', () => {
  test('parses as Prometheus text with process metrics, event-loop lag and the HTTP families', async () => {
    const { app } = await buildTestApp();
    const base = await listening(app);
    await fetch(`${base}/healthz`);

    const metrics = await scrape(base);

    expect(metrics.typeOf('nodejs_eventloop_lag_seconds')).toBe('GAUGE');
    expect(metrics.typeOf('process_cpu_seconds_total')).toBe('COUNTER');
    expect(metrics.typeOf('formwell_http_requests_total')).toBe('COUNTER');
    expect(metrics.typeOf('formwell_http_request_duration_seconds')).toBe('HISTOGRAM');
    expect(metrics.value('formwell_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    expect(
      metrics.value('formwell_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' }),
    ).toBe(1);
  });

  test('submissions: a 201 counts accepted; bad data, an unknown form and the quota count refused by reason', async () => {
    const { app } = await buildTestApp();
    const base = await listening(app);
    const owner = await createOwner({ quotaLimit: 1 });
    const form = await createTestForm(owner.userId);
    const submit = (data: Record<string, unknown>, formId = form.id) =>
      call(app, { method: 'POST', url: '/api/v1/forms/submit', key: owner.key, payload: { formId, data } });

    expect((await submit({ email: 'a@example.com' })).statusCode).toBe(201);
    expect((await submit({ email: 'not an email' })).statusCode).toBe(400);
    expect((await submit({ email: 'b@example.com' }, '65a000000000000000000000')).statusCode).toBe(404);
    expect((await submit({ email: 'c@example.com' })).statusCode).toBe(403);
    expect((await submit({ email: 'bot@example.com', _gotcha: 'filled' })).statusCode).toBe(201);

    const metrics = await scrape(base);
    expect(metrics.value('formwell_submissions_accepted_total', { face: 'api' })).toBe(1);
    const refused = (reason: string) =>
      metrics.value('formwell_submissions_refused_total', { face: 'api', reason });
    expect([refused('validation'), refused('form'), refused('quota'), refused('honeypot')]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(refused('error')).toBe(0);
  });

  test('the keyless endpoint counts under face "public", a wrong origin by its own reason', async () => {
    const { app } = await buildTestApp();
    const base = await listening(app);
    const form = await createPublicForm({
      form: { fields: [{ name: 'name', label: 'Name', type: 'text', required: true }] },
      publicSubmissions: { allowedOrigins: ['https://shop.example.com'] },
    });
    const post = (origin: string, payload: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/f/${form.formId}`,
        headers: { origin, accept: 'application/json' },
        payload,
      });

    expect((await post('https://shop.example.com', { name: 'Ada' })).statusCode).toBe(201);
    expect((await post('https://evil.example.net', { name: 'Eve' })).statusCode).toBe(403);
    expect((await post('https://shop.example.com', {})).statusCode).toBe(400);

    const metrics = await scrape(base);
    expect(metrics.value('formwell_submissions_accepted_total', { face: 'public' })).toBe(1);
    expect(metrics.value('formwell_submissions_refused_total', { face: 'public', reason: 'origin' })).toBe(1);
    expect(
      metrics.value('formwell_submissions_refused_total', { face: 'public', reason: 'validation' }),
    ).toBe(1);
    // The route label is the pattern: no form id ever becomes a label value.
    expect(metrics.value('formwell_http_requests_total', { route: '/f/:formId', status: '201' })).toBe(1);
    const routes = metrics.labelSets('formwell_http_requests_total').map((labels) => labels.route);
    expect(routes.some((route) => route?.includes(form.formId))).toBe(false);
  });

  test('a wrong CAPTCHA counts as refused by "captcha"; the keyless limit counts its 429s as "publicSubmit"', async () => {
    const secret = 'hcaptcha-secret-for-metrics';
    const verifier = await startFakeCaptchaVerifier({ secret, token: 'good-token' });
    try {
      const { app } = await buildTestApp({
        CAPTCHA_HCAPTCHA_VERIFY_URL: verifier.url,
        RATE_LIMIT_PUBLIC_SUBMIT: '2/60',
      });
      const base = await listening(app);
      const form = await createPublicForm({
        publicSubmissions: { captcha: { provider: 'hcaptcha', secret } },
      });
      const post = (payload: string) =>
        app.inject({
          method: 'POST',
          url: `/f/${form.formId}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          payload,
        });

      expect((await post('name=Ada&h-captcha-response=good-token')).statusCode).toBe(201);
      expect((await post('name=Eve&h-captcha-response=forged')).statusCode).toBe(403);
      expect((await post('name=Bob&h-captcha-response=good-token')).statusCode).toBe(429);

      const metrics = await scrape(base);
      expect(metrics.value('formwell_submissions_accepted_total', { face: 'public' })).toBe(1);
      expect(metrics.value('formwell_submissions_refused_total', { face: 'public', reason: 'captcha' })).toBe(
        1,
      );
      expect(metrics.value('formwell_rate_limit_refusals_total', { rule: 'publicSubmit' })).toBe(1);
    } finally {
      await verifier.close();
    }
  });

  test('a 429 counts a rate-limit refusal by rule; route labels are patterns, unmatched URLs one label', async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_GET_FORM: '1/60' });
    const base = await listening(app);
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const get = () => call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });

    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: `/no-such-page/${form.id}` })).statusCode).toBe(404);

    const metrics = await scrape(base);
    expect(metrics.value('formwell_rate_limit_refusals_total', { rule: 'getForm' })).toBe(1);
    expect(metrics.value('formwell_rate_limit_refusals_total')).toBe(1);
    expect(metrics.value('formwell_http_requests_total', { status: '429', method: 'GET' })).toBe(1);
    expect(metrics.value('formwell_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    const routes = metrics.labelSets('formwell_http_requests_total').map((labels) => labels.route ?? '');
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.includes(form.id))).toEqual([]);
  });

  test('labels: REST calls by documented path, tRPC calls by procedure, dashboard files under one label', async () => {
    const dashboardDir = mkdtempSync(join(tmpdir(), 'formwell-dashboard-'));
    mkdirSync(join(dashboardDir, 'assets'));
    writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dashboardDir, 'assets/index-Ab12Cd34.js'), 'export {};');
    writeFileSync(join(dashboardDir, 'assets/forms-Ef56Gh78.js'), 'export {};');
    const { app } = await buildTestApp({}, { dashboardDir });
    const base = await listening(app);
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);

    await call(app, { method: 'GET', url: '/api/v1/forms/list', key: owner.key });
    await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    await app.inject({ method: 'GET', url: '/api/v1/no/such/operation' });
    await app.inject({ method: 'GET', url: '/trpc/auth.me' });
    await app.inject({ method: 'GET', url: '/trpc/auth.me,auth.me?batch=1&input={}' });
    await app.inject({ method: 'GET', url: '/trpc/made.up.name' });
    for (const file of ['/', '/assets/index-Ab12Cd34.js', '/assets/forms-Ef56Gh78.js']) {
      expect((await app.inject({ method: 'GET', url: file })).statusCode).toBe(200);
    }

    const metrics = await scrape(base);
    const routes = new Set(metrics.labelSets('formwell_http_requests_total').map((labels) => labels.route));
    expect([...routes].sort()).toEqual(
      [
        '/api/v1/forms/list',
        '/api/v1/forms/{formId}',
        'unmatched',
        '/trpc/auth.me',
        '/trpc/batch',
        '/trpc/unknown',
        'static',
      ].sort(),
    );
    expect(metrics.value('formwell_http_requests_total', { route: 'static' })).toBe(3);
    rmSync(dashboardDir, { recursive: true, force: true });
  });

  test('METRICS_TOKEN: no token or a wrong one is 401 with the error body; the right one scrapes', async () => {
    const { app } = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const base = await listening(app);
    const expected = {
      error: 'A valid metrics token is required',
      message: 'A valid metrics token is required',
      code: 'UNAUTHORIZED',
    };

    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await fetch(`${base}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect([authorization, response.status]).toEqual([authorization, 401]);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual(expected);
    }
    const metrics = await scrape(base, TOKEN);
    expect(metrics.value('formwell_http_requests_total', { route: '/metrics', status: '401' })).toBe(4);
  });

  test('/metrics is not an /api/v1 path and not in the OpenAPI document', async () => {
    const { app } = await buildTestApp();
    const document = (await call(app, { method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();

    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/metrics' })).statusCode).toBe(404);
  });
});
