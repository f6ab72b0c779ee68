import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { InvalidEnvError, parseServerEnv } from '../../src/env.js';
import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const PASSWORD = 'correct horse battery';

/** A new account, then its log-in (sign-up itself signs nobody in): the log-in's cookie. */
async function signUp(app: FastifyInstance) {
  const credentials = { email: uniqueEmail('cookie'), password: PASSWORD };
  const post = (procedure: string) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json' },
      payload: credentials,
    });
  expect((await post('auth.signUp')).headers['set-cookie']).toBeUndefined();
  const response = await post('auth.logIn');
  const setCookie = String(response.headers['set-cookie']);
  const token = /^[^=]+=([^;]+);/.exec(setCookie)?.[1] ?? '';

  return { status: response.statusCode, setCookie, token };
}

async function meWith(app: FastifyInstance, cookie: string) {
  return (await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } })).statusCode;
}

describe('the session cookie follows PUBLIC_URL', () => {
  test('https: __Host- name, Secure, Path=/, no Domain; a plain-named cookie is not read', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'https://forms.example.com' });
    const { status, setCookie, token } = await signUp(app);

    expect(status).toBe(200);
    expect(setCookie).toMatch(
      /^__Host-formwell_session=[A-Za-z0-9_-]{40,}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await meWith(app, `theme=dark; __Host-formwell_session=${token}`)).toBe(200);
    // Planted by a sibling subdomain or a plain-http page: not this install's cookie.
    expect(await meWith(app, `formwell_session=${token}`)).toBe(401);

    const logOut = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logOut',
      headers: { cookie: `__Host-formwell_session=${token}`, 'content-type': 'application/json' },
    });
    expect(logOut.statusCode).toBe(200);
    expect(logOut.headers['set-cookie']).toBe(
      '__Host-formwell_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(await meWith(app, `__Host-formwell_session=${token}`)).toBe(401);
  });

  test('plain http: the plain name without Secure (browsers drop __Host- and Secure cookies there)', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const { setCookie, token } = await signUp(app);

    expect(setCookie).toMatch(
      /^formwell_session=[A-Za-z0-9_-]{40,}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await meWith(app, `formwell_session=${token}`)).toBe(200);
    expect(await meWith(app, `__Host-formwell_session=${token}`)).toBe(401);
  });
});

describe('production mode needs an https PUBLIC_URL', () => {
  const base = {
    MONGODB_URI: 'mongodb://127.0.0.1:1/x',
    REDIS_URL: 'redis://127.0.0.1:1',
    NODE_ENV: 'production',
  };

  test.each([['http://forms.example.com'], [undefined]])(
    'PUBLIC_URL=%s refuses the boot with one line',
    (url) => {
      let caught: unknown;
      try {
        parseServerEnv({ ...base, ...(url ? { PUBLIC_URL: url } : {}) });
      } catch (error) {
        caught = error;
      }

      expect(caught).toBeInstanceOf(InvalidEnvError);
      expect((caught as InvalidEnvError).problems).toEqual([
        'PUBLIC_URL: must be an https:// URL when NODE_ENV=production',
      ]);
    },
  );

  test('an https PUBLIC_URL boots; development and test modes keep plain http', () => {
    expect(parseServerEnv({ ...base, PUBLIC_URL: 'https://forms.example.com' }).PUBLIC_URL).toBe(
      'https://forms.example.com',
    );
    expect(parseServerEnv({ ...base, NODE_ENV: 'development' }).PUBLIC_URL).toBe('http://localhost:3000');
  });
});
