import { setUserPlan } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createKey, createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const BASE_FIELDS = [
  'dailySubmissionRate',
  'last24HoursSubmissions',
  'plan',
  'timeRange',
  'timeSeriesData',
  'totalSubmissions',
];
const PRO_FIELDS = ['browserStats', 'locationStats', 'peakSubmissionHour', 'weekOverWeekGrowth'];

function error(status: number, text: string) {
  const code = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'TOO_MANY_REQUESTS' }[status];

  return { error: text, message: text, code };
}

type TApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function submit(app: TApp, key: string, formId: string, headers: Record<string, string> = {}) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/v1/forms/submit',
    key,
    headers: { 'user-agent': CHROME, ...headers },
    payload: { formId, data: { email: `a${Math.random()}@example.com` } },
  });
  expect(response.statusCode).toBe(201);
}

describe('GET /api/v1/forms/{formId}/analytics', () => {
  test('PRO: base and PRO fields of the submissions just made; the key by header, Bearer or ?apiKey=', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    await submit(app, owner.key, form.id, { 'accept-language': 'de-DE' });
    await submit(app, owner.key, form.id, { 'accept-language': 'de-DE', 'user-agent': FIREFOX });
    await submit(app, owner.key, form.id, { 'accept-language': 'fr-FR' });
    await submit(app, owner.key, form.id, {});

    const url = `/api/v1/forms/${form.id}/analytics`;
    const byHeader = await call(app, { method: 'GET', url, key: owner.key });
    const byBearer = await call(app, {
      method: 'GET',
      url: `${url}?timeRange=day&tz=Asia/Kathmandu`,
      headers: { authorization: `Bearer ${owner.key}` },
    });
    const byQuery = await call(app, { method: 'GET', url: `${url}?timeRange=month&apiKey=${owner.key}` });

    expect(byHeader.statusCode).toBe(200);
    const body = byHeader.json<Record<string, unknown> & { timeSeriesData: { submissions: number }[] }>();
    expect(Object.keys(body).sort()).toEqual([...BASE_FIELDS, ...PRO_FIELDS].sort());
    expect(body).toMatchObject({
      totalSubmissions: 4,
      dailySubmissionRate: 4,
      last24HoursSubmissions: 4,
      timeRange: 'week',
      plan: 'PRO',
      weekOverWeekGrowth: 1,
      browserStats: [
        { name: 'Chrome', count: 3, percentage: 0.75 },
        { name: 'Firefox', count: 1, percentage: 0.25 },
      ],
      locationStats: [
        { name: 'Germany', count: 2, percentage: 0.5 },
        { name: 'France', count: 1, percentage: 0.25 },
        { name: 'Unknown', count: 1, percentage: 0.25 },
      ],
    });
    expect(body.timeSeriesData).toHaveLength(7);
    expect(body.timeSeriesData.map((p) => p.submissions).reduce((a, b) => a + b)).toBe(4);
    // UTC days: each point starts at its own midnight.
    for (const point of body.timeSeriesData as unknown as { time: string; start: string }[]) {
      expect(point.time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(point.start).toBe(`${point.time}T00:00:00.000Z`);
    }

    const day = byBearer.json<{ timeRange: string; timeSeriesData: { time: string; start: string }[] }>();
    expect([byBearer.statusCode, day.timeRange, day.timeSeriesData.length]).toEqual([200, 'day', 24]);
    for (const point of day.timeSeriesData) {
      expect(point.time).toMatch(/^([01]\d|2[0-3]):00$/);
      // Kathmandu is UTC+05:45: its hours start at :15 UTC.
      expect(point.start).toMatch(/T\d\d:15:00\.000Z$/);
    }
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers.deprecation).toBe('true');
    expect(byQuery.json<{ timeSeriesData: unknown[] }>().timeSeriesData).toHaveLength(30);
  });

  test('plan gates: FREE 403, STANDARD base fields only, and a plan change applies on the next call', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const get = () => call(app, { method: 'GET', url: `/api/v1/forms/${form.id}/analytics`, key: owner.key });
    const fields = async () => Object.keys((await get()).json<object>()).sort();

    expect(await fields()).toEqual([...BASE_FIELDS, ...PRO_FIELDS].sort());
    await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'STANDARD' });
    expect(await fields()).toEqual(BASE_FIELDS);
    expect((await get()).json<{ plan: string }>().plan).toBe('STANDARD');
    await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'FREE' });
    const free = await get();
    expect([free.statusCode, errorBody(free)]).toEqual([
      403,
      error(403, 'Analytics are only available with the STANDARD or PRO plan'),
    ]);
  });

  test('400 for a bad timeRange or tz, 404 for a missing or foreign form, 403 without the scope', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const other = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const foreign = await createTestForm(other.userId);
    const get = (url: string, key = owner.key) => call(app, { method: 'GET', url, key });
    const narrow = await createKey({ userId: owner.userId, scopes: ['forms:read'] });

    const cases = [
      [`/api/v1/forms/${form.id}/analytics?timeRange=year`, 400, 'Invalid timeRange parameter'],
      [`/api/v1/forms/${form.id}/analytics?tz=Mars/Olympus`, 400, 'Invalid tz parameter'],
      // Present but empty is a bad value, not the default.
      [`/api/v1/forms/${form.id}/analytics?timeRange=`, 400, 'Invalid timeRange parameter'],
      [`/api/v1/forms/${form.id}/analytics?tz=`, 400, 'Invalid tz parameter'],
      // Any other value is the same 400, however long: no length rule answers it with another text.
      [`/api/v1/forms/${form.id}/analytics?timeRange=${'y'.repeat(17)}`, 400, 'Invalid timeRange parameter'],
      [`/api/v1/forms/${form.id}/analytics?tz=${'Z'.repeat(65)}`, 400, 'Invalid tz parameter'],
      // Parameters are checked before the form, as for every key-protected endpoint.
      [`/api/v1/forms/${foreign.id}/analytics?timeRange=year`, 400, 'Invalid timeRange parameter'],
      [`/api/v1/forms/${foreign.id}/analytics`, 404, 'Form not found'],
      ['/api/v1/forms/65a000000000000000000000/analytics', 404, 'Form not found'],
      ['/api/v1/forms/not-an-id/analytics', 404, 'Form not found'],
    ] as const;
    for (const [url, status, text] of cases) {
      const response = await get(url);
      // A refused parameter also names itself in `issues`, as a schema failure does, with what it takes.
      const [parameter, takes] =
        text === 'Invalid tz parameter'
          ? ['tz', 'Expected an IANA time zone such as Europe/Paris']
          : ['timeRange', 'Expected day, week or month'];
      const issues =
        status === 400 ? { issues: [{ code: 'custom', path: [parameter], message: takes }] } : {};
      expect([url, response.statusCode, errorBody(response)]).toEqual([
        url,
        status,
        { ...error(status, text), ...issues },
      ]);
    }
    const scoped = await get(`/api/v1/forms/${form.id}/analytics`, narrow.key);
    expect([scoped.statusCode, errorBody(scoped).error]).toEqual([403, 'Insufficient scope: analytics:read']);
    const missing = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}/analytics` });
    expect([missing.statusCode, errorBody(missing).error]).toEqual([401, 'API key is required']);
  });

  test('limited per key and form, with headers; 429 with Retry-After, before 400', async () => {
    const { app } = await buildLimitedApp({ config: { RATE_LIMIT_ANALYTICS: '3/60' } });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const second = await createTestForm(owner.userId);
    const url = `/api/v1/forms/${form.id}/analytics`;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(app, {
        method: 'GET',
        url: i === 2 ? `${url}?timeRange=bad` : url,
        key: owner.key,
      });
      statuses.push(response.statusCode);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    }
    const limited = await call(app, { method: 'GET', url: `${url}?timeRange=bad`, key: owner.key });
    const otherForm = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${second.id}/analytics`,
      key: owner.key,
    });

    expect(statuses).toEqual([200, 200, 400]);
    expect([limited.statusCode, errorBody(limited)]).toEqual([429, error(429, 'Rate limit exceeded')]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(otherForm.statusCode).toBe(200);
  });

  test('the default limit is 30 per 60 s, announced on every response', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'STANDARD' });
    const form = await createTestForm(owner.userId);
    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/analytics`,
      key: owner.key,
    });
    expect([response.headers['x-ratelimit-limit'], response.headers['ratelimit-policy']]).toEqual([
      '30',
      '"analytics";q=30;w=60',
    ]);
  });

  test('countries from GeoIP of the forwarded client address behind a trusted proxy; private is Unknown', async () => {
    const { app } = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const addresses = [
      '8.8.8.8',
      '8.8.4.4',
      '81.2.69.142',
      '49.44.0.1',
      '103.10.28.1',
      '10.1.2.3',
      '192.168.0.7',
    ];
    for (const address of addresses) {
      await submit(app, owner.key, form.id, { 'x-forwarded-for': address });
    }
    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/analytics`,
      key: owner.key,
    });

    expect(response.json<{ locationStats: unknown }>().locationStats).toEqual([
      // Equal counts: by name.
      { name: 'United States', count: 2, percentage: 0.2857 },
      { name: 'Unknown', count: 2, percentage: 0.2857 },
      { name: 'India', count: 1, percentage: 0.1429 },
      { name: 'Nepal', count: 1, percentage: 0.1429 },
      { name: 'United Kingdom', count: 1, percentage: 0.1429 },
    ]);
  });

  test('without TRUST_PROXY a forwarded address is ignored: the loopback peer has no country', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    await submit(app, owner.key, form.id, { 'x-forwarded-for': '8.8.8.8' });
    const response = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${form.id}/analytics`,
      key: owner.key,
    });

    expect(response.json<{ locationStats: unknown }>().locationStats).toEqual([
      { name: 'Unknown', count: 1, percentage: 1 },
    ]);
  });
});
