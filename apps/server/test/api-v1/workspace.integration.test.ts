import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createKey, createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

function currentMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

describe('GET /api/v1/workspace', () => {
  test("answers the key's workspace with this month's submissions, whatever the key's scopes", async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'STANDARD' });
    const form = await createTestForm(owner.userId);
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const submitted = await call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: owner.key,
        payload: { formId: form.id, data: { email } },
      });
      expect(submitted.statusCode).toBe(201);
    }
    // A key with one unrelated scope still reads the workspace it belongs to.
    const narrow = await createKey({ userId: owner.userId, scopes: ['analytics:read'] });

    const response = await call(app, { method: 'GET', url: '/api/v1/workspace', key: narrow.key });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { quotaLimit, ...workspace } = response.json<{ quotaLimit: number }>();
    expect(quotaLimit).toBeGreaterThan(2);
    expect(workspace).toEqual({
      id: owner.userId,
      name: `${owner.email}'s workspace`,
      plan: 'STANDARD',
      usage: { month: currentMonth(), submissions: 2, storageBytes: 0 },
    });
  });

  test('another owner sees only their own workspace, and no key gets 401', async () => {
    const { app } = await buildTestApp();
    const first = await createOwner();
    const second = await createOwner();
    await createTestForm(first.userId);

    const answer = await call(app, { method: 'GET', url: '/api/v1/workspace', key: second.key });
    expect(answer.json<{ id: string; usage: { submissions: number } }>()).toMatchObject({
      id: second.userId,
      usage: { submissions: 0 },
    });

    const anonymous = await call(app, { method: 'GET', url: '/api/v1/workspace' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorBody(anonymous)).toMatchObject({ message: 'API key is required' });
  });
});
