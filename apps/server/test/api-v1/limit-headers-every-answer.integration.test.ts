import { listProcedures } from '@formwell/api';
import { UserModel, WorkspaceModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { createPublicForm } from '../public-form/helpers.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
const SOME_ID = '65a000000000000000000000';

type TEndpoint = { method: string; path: string };

/**
 * Every rate-limited endpoint: the procedures with a key policy (found by themselves, so a new
 * route joins), and the one plain route that shares a policy (the streamed CSV export).
 */
function limitedEndpoints(): TEndpoint[] {
  const procedures = listProcedures().flatMap(({ meta }) =>
    meta?.apiKeyPolicy && meta.openapi ? [{ method: meta.openapi.method, path: meta.openapi.path }] : [],
  );

  return [...procedures, { method: 'GET', path: '/forms/{formId}/submissions/export.csv' }];
}

const takesBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

type TKind = { name: string; status: number; headers?: Record<string, string>; payload?: string };

/** The answers a body causes before any procedure runs, each with the status it must keep. */
const tooLarge: TKind = {
  name: 'body over 100 KB',
  status: 413,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify({ formId: SOME_ID, data: { message: 'x'.repeat(150 * 1024) } }),
};
const bodyKinds: TKind[] = [
  tooLarge,
  { name: 'text/plain', status: 415, headers: { 'content-type': 'text/plain' }, payload: '{}' },
  { name: 'XML', status: 415, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
  {
    name: 'broken JSON',
    status: 400,
    headers: { 'content-type': 'application/json' },
    payload: '{"formId":',
  },
  {
    name: 'JSON too deep',
    status: 400,
    headers: { 'content-type': 'application/json' },
    payload: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`,
  },
];

test('every answer of every rate-limited endpoint carries the limit headers, and a bad body counts', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  const orphan = await createOwner();
  const orphanForm = await createTestForm(orphan.userId);
  // A key's tenant is its workspace: gone with the account (its personal workspace, same id).
  await UserModel.deleteOne({ _id: orphan.userId });
  await WorkspaceModel.deleteOne({ _id: orphan.userId });

  const missing: string[] = [];
  const notCounted: string[] = [];
  const endpoints = limitedEndpoints();
  // The table found the routes: the documented limited ones at least.
  expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
    expect.arrayContaining(['GET /forms/list', 'POST /forms/submit', 'GET /forms/{formId}/users-joined']),
  );

  for (const endpoint of endpoints) {
    const url = (formId: string) =>
      `/api/v1${endpoint.path.replace('{formId}', formId).replace(/\{\w+\}/g, SOME_ID)}`;
    const kinds: (TKind & { key?: string; formId: string })[] = [
      { name: 'valid key', status: 0, key: owner.key, formId: form.id },
      { name: 'no key', status: 401, formId: form.id },
      { name: 'unknown key', status: 401, key: `mk_live_${'x'.repeat(32)}`, formId: form.id },
      { name: 'key of a deleted user', status: 404, key: orphan.key, formId: orphanForm.id },
    ];
    if (takesBody(endpoint.method)) {
      kinds.push(...bodyKinds.map((kind) => ({ ...kind, key: owner.key, formId: form.id })), {
        ...tooLarge,
        name: 'body over 100 KB, no key',
        formId: form.id,
      });
    }
    let lastRemaining = Infinity;
    for (const { name, status, key, formId, headers, payload } of kinds) {
      const response = await call(app, {
        method: endpoint.method,
        url: url(formId),
        key,
        headers,
        payload,
      });
      const label = `${endpoint.method} ${endpoint.path} (${name}) → ${response.statusCode}`;
      if (status !== 0) {
        expect(label).toBe(`${endpoint.method} ${endpoint.path} (${name}) → ${status}`);
      }
      if (LIMIT_HEADERS.some((header) => response.headers[header] === undefined)) {
        missing.push(label);
      }
      // The requests with the owner's key count in its bucket, a refused body as much as any other.
      if (key === owner.key) {
        const remaining = Number(response.headers['x-ratelimit-remaining']);
        if (!(remaining < lastRemaining)) {
          notCounted.push(label);
        }
        lastRemaining = remaining;
      }
    }
  }

  expect(missing).toEqual([]);
  expect(notCounted).toEqual([]);
});

test('the keyless /f/ endpoint carries its limit headers on the answers its body causes too', async () => {
  const { app } = await buildTestApp();
  const { formId } = await createPublicForm();
  const post = (headers: Record<string, string>, payload: string) =>
    app.inject({
      method: 'POST',
      url: `/f/${formId}`,
      headers: { accept: 'application/json', ...headers },
      payload,
    });
  const answers = [
    await post({ 'content-type': 'application/json' }, JSON.stringify({ message: 'x'.repeat(150 * 1024) })),
    await post({ 'content-type': 'application/xml' }, '<a/>'),
    await post({ 'content-type': 'application/json' }, '{"message":'),
    await post({ 'content-type': 'application/json' }, JSON.stringify({ message: 'hello' })),
  ];

  expect(answers.map((answer) => answer.statusCode)).toEqual([413, 415, 400, 201]);
  expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['19', '18', '17', '16']);
});
