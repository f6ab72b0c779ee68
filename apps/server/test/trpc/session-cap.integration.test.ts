import { MAX_SESSIONS_PER_USER } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const PASSWORD = 'correct horse battery';

async function authenticate(app: FastifyInstance, procedure: 'auth.signUp' | 'auth.logIn', email: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { 'content-type': 'application/json' },
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);

  return /^formwell_session=([^;]+);/.exec(String(response.headers['set-cookie']))?.[1] ?? '';
}

const meWith = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { cookie: `formwell_session=${token}` },
    })
  ).statusCode;

test(`a user keeps at most ${MAX_SESSIONS_PER_USER} sessions: each log-in beyond them ends the oldest`, async () => {
  const { app } = await buildTestApp();
  const email = uniqueEmail('sessions');
  // Sign-up signs nobody in: every session here comes from a log-in.
  expect(await authenticate(app, 'auth.signUp', email)).toBe('');
  const tokens: string[] = [];
  for (let i = 0; i < MAX_SESSIONS_PER_USER + 3; i++) {
    tokens.push(await authenticate(app, 'auth.logIn', email));
  }
  const statuses = [];
  for (const token of tokens) {
    statuses.push(await meWith(app, token));
  }

  expect(MAX_SESSIONS_PER_USER).toBe(20);
  expect(statuses).toEqual([
    ...Array<number>(3).fill(401),
    ...Array<number>(MAX_SESSIONS_PER_USER).fill(200),
  ]);
}, 60_000);
