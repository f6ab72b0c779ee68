import { createUser } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient } from './dashboard-client.js';

const PASSWORD = 'correct horse battery';
const BUMP_FAILED = 'change stored, but Redis could not be told';

/**
 * A server on a Redis of its own (so stopping it touches no other test) and a dashboard user signed
 * in; `stopRedis` starts the outage. The server is stopped with the test.
 */
async function outageScenario(role: 'OWNER' | 'ADMIN' = 'OWNER') {
  const redis = await startRedisServer();
  const { app, logLines } = await buildTestApp({ REDIS_URL: redis.url });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const email = uniqueEmail('outage');
  const user = await createUser({ config: testCoreConfig, input: { email, password: PASSWORD, role } });
  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email, password: PASSWORD });

  return {
    address,
    client,
    email,
    user,
    stopRedis: () => redis.stop(),
    bumpFailures: () => logLines.filter((line) => line.includes(BUMP_FAILED)),
    [Symbol.asyncDispose]: async () => {
      await app.close();
      await redis.stop();
    },
  };
}

test('revoking a key from the dashboard while Redis is down answers the revoked key, and the key is refused', async () => {
  await using scenario = await outageScenario();
  const created = await scenario.client.apiKeys.create.mutate({ name: 'outage' });
  const list = () =>
    fetch(`${scenario.address}/api/v1/forms/list`, { headers: { authorization: `Bearer ${created.key}` } });
  expect((await list()).status).toBe(200);

  await scenario.stopRedis();
  const revoked = await scenario.client.apiKeys.revoke.mutate({ id: created.id });

  expect([revoked.id, revoked.isActive]).toEqual([created.id, false]);
  expect((await list()).status).toBe(401);
  expect(scenario.bumpFailures()).toHaveLength(1);
});

test('editing and deleting a form from the dashboard while Redis is down answer as done, and the slot is free again', async () => {
  await using scenario = await outageScenario();
  const { client } = scenario;
  const form = await client.forms.create.mutate({ name: 'Waitlist', formType: 'waitlist' });

  await scenario.stopRedis();
  const updated = await client.forms.update.mutate({ formId: form.id, name: 'Launch list' });
  expect(updated.name).toBe('Launch list');
  expect(await client.forms.delete.mutate({ formId: form.id })).toEqual({ id: form.id, deleted: true });

  // FREE holds one form: a second one fits only if the deletion gave its slot back.
  const next = await client.forms.create.mutate({ name: 'Second', formType: 'contact' });
  expect(next.name).toBe('Second');
  expect(scenario.bumpFailures()).toHaveLength(2);
});

test('a plan change by staff while Redis is down answers the new plan, and the next API request sees it', async () => {
  await using scenario = await outageScenario('ADMIN');
  const form = await scenario.client.forms.create.mutate({ name: 'Survey', formType: 'survey' });
  const key = await scenario.client.apiKeys.create.mutate({ name: 'outage' });
  const analytics = () =>
    fetch(`${scenario.address}/api/v1/forms/${form.id}/analytics`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
  // FREE has no analytics: the refusal proves the key's plan was read (and copied) before the outage.
  expect((await analytics()).status).toBe(403);

  await scenario.stopRedis();
  const changed = await scenario.client.admin.setUserPlan.mutate({ userId: scenario.user.id, plan: 'PRO' });

  expect([changed.id, changed.plan]).toEqual([scenario.user.id, 'PRO']);
  expect((await analytics()).status).toBe(200);
  expect(scenario.bumpFailures()).toHaveLength(1);
});

test('deleting the account from the dashboard while Redis is down answers as done, and its keys are refused', async () => {
  await using scenario = await outageScenario();
  const key = await scenario.client.apiKeys.create.mutate({ name: 'outage' });

  await scenario.stopRedis();
  const deleted = await scenario.client.dataRights.deleteAccount.mutate({ confirmEmail: scenario.email });

  expect([deleted.id, deleted.deleted]).toEqual([scenario.user.id, true]);
  const list = await fetch(`${scenario.address}/api/v1/forms/list`, {
    headers: { authorization: `Bearer ${key.key}` },
  });
  expect(list.status).toBe(401);
  expect(scenario.bumpFailures()).toHaveLength(1);
});
