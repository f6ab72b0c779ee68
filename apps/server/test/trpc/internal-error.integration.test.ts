import { startTestEngine } from '@formwell/embedded-mongo/testing';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const INTERNAL = 'Internal server error';

test('/trpc: the database going away mid-flight is a bare 500, no stack, no driver text', async () => {
  // A private engine, so stopping it touches no other test.
  const mongo = await startTestEngine();
  const { app, logLines } = await buildTestApp({ MONGODB_URI: `${mongo.uri.replace(/\/$/, '')}/gone` });
  const email = uniqueEmail('internal');
  const post = (procedure: string) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'correct horse battery' }),
    });
  expect((await post('auth.signUp')).statusCode).toBe(200);
  const loggedIn = await post('auth.logIn');
  expect(loggedIn.statusCode).toBe(200);
  const cookie = (loggedIn.headers['set-cookie'] as string).split(';')[0] ?? '';
  await mongo.stop();

  const responses = await Promise.all([
    app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } }),
    app.inject({ method: 'GET', url: '/trpc/forms.list', headers: { cookie } }),
    app.inject({
      method: 'POST',
      url: '/trpc/auth.logIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'correct horse battery' }),
    }),
  ]);

  for (const [i, path] of ['auth.me', 'forms.list', 'auth.logIn'].entries()) {
    const response = responses[i];
    expect(response?.statusCode).toBe(500);
    expect(response?.json()).toEqual({
      error: {
        message: INTERNAL,
        error: INTERNAL,
        code: -32603,
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path },
      },
    });
    expect(response?.body).not.toMatch(/stack|mongo|at .+\.(?:js|ts)/i);
  }
  // The cause is logged for the operator instead.
  expect(logLines.some((line) => line.includes('trpc procedure failed'))).toBe(true);
});
