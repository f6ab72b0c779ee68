import { DEFAULT_PLAN_LIMITS, getFormDetail, listSubmissions } from '@formwell/core';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const FORM_NOT_FOUND = { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' };
const FOREIGN = { error: 'Form does not belong to this user', message: 'Unauthorized', code: 'FORBIDDEN' };

test("user B's key on user A's form: the interface's refusal on every endpoint, and no byte of A's data", async () => {
  const { app } = await buildTestApp();
  const alice = await createOwner();
  const bob = await createOwner();
  const secret = 'ALICE-SECRET-7f3a';
  const aliceForm = await createTestForm(alice.userId, {
    name: `${secret} form`,
    description: `${secret} description`,
    settings: { usersJoined: { enabled: true } },
  });
  const aliceSubmit = await call(app, {
    method: 'POST',
    url: '/api/v1/forms/submit',
    key: alice.key,
    payload: { formId: aliceForm.id, data: { email: 'alice-customer@example.com', message: secret } },
  });
  expect(aliceSubmit.statusCode).toBeLessThan(300);
  const bobForm = await createTestForm(bob.userId, { name: 'Bob form' });

  const forbidden = [
    { method: 'GET', url: `/api/v1/forms/${aliceForm.id}`, status: 404, body: FORM_NOT_FOUND },
    { method: 'GET', url: `/api/v1/forms/${aliceForm.id}/submissions`, status: 403, body: FOREIGN },
    {
      method: 'GET',
      url: `/api/v1/forms/${aliceForm.id}/submissions?email=alice-customer@example.com`,
      status: 403,
      body: FOREIGN,
    },
    {
      method: 'GET',
      url: `/api/v1/forms/${aliceForm.id}/submissions/export.csv`,
      status: 403,
      body: FOREIGN,
    },
    { method: 'GET', url: `/api/v1/forms/${aliceForm.id}/users-joined`, status: 403, body: FOREIGN },
    {
      method: 'POST',
      url: '/api/v1/forms/submit',
      payload: { formId: aliceForm.id, data: { email: 'intruder@example.com' } },
      status: 403,
      body: FOREIGN,
    },
  ] as const;
  const aliceBytes = [
    secret,
    aliceForm.id,
    alice.userId,
    alice.email,
    'alice-customer',
    aliceSubmit.json<{ submissionId: string }>().submissionId,
  ];

  for (const { status, body, ...request } of forbidden) {
    for (const passing of ['header', 'bearer', 'query'] as const) {
      const response = await call(app, {
        ...request,
        ...(passing === 'header' ? { key: bob.key } : {}),
        ...(passing === 'bearer' ? { headers: { authorization: `Bearer ${bob.key}` } } : {}),
        ...(passing === 'query'
          ? { url: `${request.url}${request.url.includes('?') ? '&' : '?'}apiKey=${bob.key}` }
          : {}),
      });
      // users-joined takes only the header: its other ways are 401 before any form is looked at.
      const expected =
        request.url.endsWith('users-joined') && passing !== 'header'
          ? {
              status: 401,
              body: { error: 'API key is required', message: 'API key is required', code: 'UNAUTHORIZED' },
            }
          : { status, body };

      expect([request.url, passing, response.statusCode, errorBody(response)]).toEqual([
        request.url,
        passing,
        expected.status,
        expected.body,
      ]);
      for (const bytes of aliceBytes) {
        expect(response.body).not.toContain(bytes);
        expect(JSON.stringify(response.headers)).not.toContain(bytes);
      }
    }
  }

  // Bob's listing holds Bob's form only.
  const bobList = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: bob.key });
  expect(bobList.json<{ forms: { id: string }[] }>().forms.map((form) => form.id)).toEqual([bobForm.id]);
  for (const bytes of aliceBytes) {
    expect(bobList.body).not.toContain(bytes);
  }

  // Bob's refused submits left nothing behind in Alice's form.
  expect(
    (await getFormDetail({ userId: alice.userId, formId: aliceForm.id, limits: DEFAULT_PLAN_LIMITS.PRO }))
      .submissionCount,
  ).toBe(1);
  const stored = await listSubmissions({ userId: alice.userId, formId: aliceForm.id });
  expect(stored.submissions.map((submission) => submission.email)).toEqual(['alice-customer@example.com']);
});
