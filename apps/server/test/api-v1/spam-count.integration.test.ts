import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, sessionFormRead } from '../trpc/dashboard-client.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

test('honeypot hits are answered like successes, stored nowhere, and counted in the dashboard form view', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createOwner({ plan: 'FREE' });
  const form = await createTestForm(owner.userId, { fields: [] });
  const submit = (formId: string, data: Record<string, unknown>) =>
    call(app, { method: 'POST', url: '/api/v1/forms/submit', key: owner.key, payload: { formId, data } });

  const bots = [
    await submit(form.id, { note: 'buy', _gotcha: 'x' }),
    await submit(form.id, { _gotcha: 'y' }),
  ];
  const person = await submit(form.id, { note: 'hello' });
  expect([...bots, person].map((response) => response.statusCode)).toEqual([201, 201, 201]);

  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email: owner.email, password: 'correct horse battery' });
  const read = sessionFormRead(await client.forms.get.query({ formId: form.id }));
  expect([read.spamCount, read.submissionCount]).toEqual([2, 1]);
});
