import { AuthEpochBumpError, deleteAccount, revokeApiKey, setUserPlan } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { testCoreConfig } from '../helpers/test-core-config.js';
import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

/**
 * Servers authenticate API keys from a per-process copy, checked against the owner's auth epoch on
 * every request. These tests run two replicas (two apps on one database and one Redis) and change
 * the key, plan or account through core, as the dashboard, admin, billing and CLI do.
 */

const INVALID_KEY = {
  error: 'Invalid or inactive API key',
  message: 'Invalid or inactive API key',
  code: 'UNAUTHORIZED',
};

async function twoReplicas() {
  const shared = { mongoUri: testMongoUri('replicas'), redisUrl: testRedisUrl() };
  const first = await buildLimitedApp(shared);
  const second = await buildLimitedApp(shared);

  return { a: first.app, b: second.app };
}

const list = (app: FastifyInstance, key: string) =>
  call(app, { method: 'GET', url: '/api/v1/forms/list', key });

/** Two requests: the first reads the key, the second verifies that copy, so the third uses it. */
async function makeKnown(app: FastifyInstance, key: string) {
  expect([(await list(app, key)).statusCode, (await list(app, key)).statusCode]).toEqual([200, 200]);
}

describe('two replicas', () => {
  test('a key revoked while both replicas hold a copy is refused on the very next request on either', async () => {
    const { a, b } = await twoReplicas();
    const owner = await createOwner();
    await makeKnown(a, owner.key);
    await makeKnown(b, owner.key);

    await revokeApiKey({ userId: owner.userId, keyId: owner.keyId });

    const onB = await list(b, owner.key);
    expect([onB.statusCode, errorBody(onB)]).toEqual([401, INVALID_KEY]);
    const onA = await list(a, owner.key);
    expect([onA.statusCode, errorBody(onA)]).toEqual([401, INVALID_KEY]);
  });

  test('a plan change applies on the next request (the quota it sets is the one enforced)', async () => {
    const { a, b } = await twoReplicas();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const submit = (app: FastifyInstance) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: owner.key,
        payload: { formId: form.id, data: { email: 'ada@example.com' } },
      });
    await makeKnown(b, owner.key);
    expect((await submit(b)).statusCode).toBe(201);

    // Changed through another replica's path (core, as admin set-plan and billing do).
    await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'FREE', quotaLimit: 1 });

    const refused = await submit(b);
    expect([refused.statusCode, errorBody(refused).error]).toEqual([
      403,
      'Monthly submission limit reached (1/1) for your plan',
    ]);
    expect((await submit(a)).statusCode).toBe(403);
  });

  test("a deleted account's key is refused on the next request", async () => {
    const { b } = await twoReplicas();
    const owner = await createOwner();
    await makeKnown(b, owner.key);

    await deleteAccount({ userId: owner.userId, confirmEmail: owner.email });

    const response = await list(b, owner.key);
    expect([response.statusCode, errorBody(response)]).toEqual([401, INVALID_KEY]);
  });
});

describe('Redis outage', () => {
  test('a replica that cannot reach Redis reads MongoDB on every request: right answers, never its copy', async () => {
    const redisServer = await startRedisServer();
    try {
      const { app } = await buildLimitedApp({ redisUrl: redisServer.url });
      const owner = await createOwner();
      const form = await createTestForm(owner.userId);
      const getForm = () => call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
      await makeKnown(app, owner.key);
      expect((await getForm()).statusCode).toBe(200);

      await redisServer.stop();
      // Still served (limits counted in memory), from MongoDB.
      expect((await getForm()).statusCode).toBe(200);
      // The revoke is stored, and says that Redis could not be told; the replica must not need it.
      await expect(revokeApiKey({ userId: owner.userId, keyId: owner.keyId })).rejects.toBeInstanceOf(
        AuthEpochBumpError,
      );

      const refused = await getForm();
      expect([refused.statusCode, errorBody(refused)]).toEqual([401, INVALID_KEY]);
    } finally {
      await redisServer.stop();
    }
  });
});
