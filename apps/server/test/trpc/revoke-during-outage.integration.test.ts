import { createUser } from '@formwell/core';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient } from './dashboard-client.js';

const PASSWORD = 'correct horse battery';

test('revoking a key from the dashboard while Redis is down answers the revoked key, and the key is refused', async () => {
  const redis = await startRedisServer();
  try {
    const { app, logLines } = await buildTestApp({ REDIS_URL: redis.url });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const email = uniqueEmail('outage');
    await createUser({ config: testCoreConfig, input: { email, password: PASSWORD } });
    const { client } = dashboardClient(address);
    await client.auth.logIn.mutate({ email, password: PASSWORD });
    const created = await client.apiKeys.create.mutate({ name: 'outage' });
    const list = () =>
      fetch(`${address}/api/v1/forms/list`, { headers: { authorization: `Bearer ${created.key}` } });
    expect((await list()).status).toBe(200);

    await redis.stop();
    const revoked = await client.apiKeys.revoke.mutate({ id: created.id });

    expect([revoked.id, revoked.isActive]).toEqual([created.id, false]);
    expect((await list()).status).toBe(401);
    expect(logLines.join('\n')).toContain('change stored, but Redis could not be told');
  } finally {
    await redis.stop();
  }
});

test('editing and deleting a form from the dashboard while Redis is down answer as done, and the slot is free again', async () => {
  const redis = await startRedisServer();
  try {
    const { app, logLines } = await buildTestApp({ REDIS_URL: redis.url });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const email = uniqueEmail('outage-form');
    await createUser({ config: testCoreConfig, input: { email, password: PASSWORD } });
    const { client } = dashboardClient(address);
    await client.auth.logIn.mutate({ email, password: PASSWORD });
    const form = await client.forms.create.mutate({ name: 'Waitlist', formType: 'waitlist' });

    await redis.stop();
    const updated = await client.forms.update.mutate({ id: form.id, data: { name: 'Launch list' } });
    expect(updated.name).toBe('Launch list');
    expect(await client.forms.delete.mutate({ id: form.id })).toEqual({ id: form.id, deleted: true });

    // FREE holds one form: a second one fits only if the deletion gave its slot back.
    const next = await client.forms.create.mutate({ name: 'Second', formType: 'contact' });
    expect(next.name).toBe('Second');
    const warnings = logLines.filter((line) => line.includes('change stored, but Redis could not be told'));
    expect(warnings).toHaveLength(2);
  } finally {
    await redis.stop();
  }
});
