import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { responsesFromLog, undocumentedStatuses } from '../helpers/documented-statuses.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

// Every test app is checked after each test (build-test-app.ts); this file checks the check.

test('a status the document does not list for an operation is reported; others are not', () => {
  expect(
    undocumentedStatuses([
      { method: 'GET', url: '/api/v1/forms/list?limit=5', status: 200 },
      { method: 'GET', url: '/api/v1/forms/6650f0c2a1b2c3d4e5f60718', status: 404 },
      { method: 'POST', url: '/api/v1/forms/submit', status: 201 },
      { method: 'POST', url: '/api/v1/forms/submit', status: 415 },
      // Not an operation's answer: a wrong method, an unknown path, another scope.
      { method: 'DELETE', url: '/api/v1/forms/list', status: 405 },
      { method: 'GET', url: '/api/v1/nope', status: 404 },
      { method: 'GET', url: '/healthz', status: 503 },
      // Undocumented.
      { method: 'GET', url: '/api/v1/forms/list', status: 418 },
      { method: 'GET', url: '/api/v1/status', status: 401 },
      { method: 'POST', url: '/api/v1/forms/submit', status: 200 },
    ]),
  ).toEqual(['GET /forms/list answered 418', 'GET /status answered 401', 'POST /forms/submit answered 200']);
});

test("an app's responses are read back from its request log with their operation's status", async () => {
  const { app, logLines } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);

  await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
  await call(app, { method: 'GET', url: '/api/v1/forms/list?limit=0', key: owner.key });
  await call(app, { method: 'GET', url: '/api/v1/forms/list' });

  expect(responsesFromLog(logLines).map(({ method, url, status }) => `${method} ${url} ${status}`)).toEqual([
    `GET /api/v1/forms/${form.id} 200`,
    'GET /api/v1/forms/list?limit=0 400',
    'GET /api/v1/forms/list 401',
  ]);
});

test('path ids are percent-decoded, so an encoded id names its form', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  const encodedFirst = `%${form.id.charCodeAt(0).toString(16)}${form.id.slice(1)}`;
  const encodedAll = [...form.id].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');

  const plain = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
  const partly = await call(app, { method: 'GET', url: `/api/v1/forms/${encodedFirst}`, key: owner.key });
  const wholly = await call(app, { method: 'GET', url: `/api/v1/forms/${encodedAll}`, key: owner.key });
  const joined = await call(app, {
    method: 'GET',
    url: `/api/v1/forms/${encodedAll}/users-joined`,
    key: owner.key,
  });
  // 24 encoded characters are 72 characters of text: the decoded 24 name the form.
  expect(encodedAll.length).toBeGreaterThan(64);
  expect([plain.statusCode, partly.statusCode, wholly.statusCode, joined.statusCode]).toEqual([
    200, 200, 200, 200,
  ]);
  expect(partly.json<{ id: string }>().id).toBe(form.id);
  const tooLong = await call(app, {
    method: 'GET',
    url: `/api/v1/forms/${'%61'.repeat(65)}`,
    key: owner.key,
  });
  // Longer than an id can be once decoded: it names no form either.
  expect(tooLong.statusCode).toBe(404);
});
