import { SESSION_COOKIE_NAME } from '@formwell/api';
import { createSession, listApiKeys } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const PUBLIC_URL = 'http://localhost:3000';
const REFUSED = {
  error: 'Cross-origin requests are not accepted on dashboard routes',
  message: 'Cross-origin requests are not accepted on dashboard routes',
  code: 'FORBIDDEN',
};

async function signedIn() {
  const owner = await createOwner();
  const { token } = await createSession({ userId: owner.userId });

  return { owner, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

function createKeyWith(app: FastifyInstance, cookie: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/trpc/apiKeys.create',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ name: 'planted' }),
  });
}

describe('routes authenticated by the session cookie answer their own origin only', () => {
  test('another origin (by Sec-Fetch-Site or by Origin) is refused before the cookie is read; nothing changes', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const { owner, cookie } = await signedIn();
    const keysBefore = (await listApiKeys({ userId: owner.userId })).apiKeys;

    const refused = [
      // Same site (another port of localhost): SameSite=Lax lets the cookie through, this does not.
      await createKeyWith(app, cookie, { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' }),
      await createKeyWith(app, cookie, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }),
      // An older browser without Sec-Fetch-*: the Origin decides.
      await createKeyWith(app, cookie, { origin: 'http://localhost:4000' }),
      await createKeyWith(app, cookie, { origin: 'null' }),
      await app.inject({
        method: 'GET',
        url: '/trpc/auth.me',
        headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      }),
      await app.inject({
        method: 'OPTIONS',
        url: '/trpc/auth.me',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      }),
    ];

    for (const response of refused) {
      expect([response.statusCode, errorBody(response)]).toEqual([403, REFUSED]);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await listApiKeys({ userId: owner.userId })).apiKeys).toEqual(keysBefore);
    // The same request from the dashboard's own origin works: the refusal above was the origin's.
    expect((await createKeyWith(app, cookie, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await listApiKeys({ userId: owner.userId })).apiKeys).toHaveLength(keysBefore.length + 1);
  });

  test('the dashboard itself (same origin, or the public URL behind a proxy) and non-browser clients pass', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const { cookie } = await signedIn();
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie, ...headers } });

    const statuses = [
      (await me({ 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL })).statusCode,
      (await me({ 'sec-fetch-site': 'none' })).statusCode,
      (await me({ origin: PUBLIC_URL })).statusCode,
      // Addressed directly (the Host the request names), as on a plain `npm start`.
      (await me({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
      (await me({})).statusCode,
    ];

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  test("the dashboard's CSV export refuses another origin as well", async () => {
    const { app } = await buildTestApp({ PUBLIC_URL });
    const { owner, cookie } = await signedIn();
    const form = await createTestForm(owner.userId);

    const response = await app.inject({
      method: 'GET',
      url: `/api/dashboard/forms/${form.id}/submissions/export.csv`,
      headers: { cookie, 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' },
    });

    expect([response.statusCode, errorBody(response)]).toEqual([403, REFUSED]);
  });
});
