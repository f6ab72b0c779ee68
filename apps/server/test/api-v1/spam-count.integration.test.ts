import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, sessionFormRead } from '../trpc/dashboard-client.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const LINK_FARM = 'Deals http://a.example.top http://b.example.top http://c.example.top http://d.example.top';

test('spamCount on the API Form and the dashboard view counts honeypot hits (answered, stored nowhere) and the spam folder', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createOwner({ plan: 'FREE' });
  const form = await createTestForm(owner.userId, { fields: [] });
  const submit = (formId: string, data: Record<string, unknown>) =>
    call(app, { method: 'POST', url: '/api/v1/forms/submit', key: owner.key, payload: { formId, data } });
  const apiForm = async () =>
    (await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key })).json<{
      spamCount: number;
      submissionCount: number;
    }>();
  expect(await apiForm()).toMatchObject({ spamCount: 0, submissionCount: 0 });

  const bots = [
    await submit(form.id, { note: 'buy', _gotcha: 'x' }),
    await submit(form.id, { _gotcha: 'y' }),
    await submit(form.id, { note: LINK_FARM }),
  ];
  const person = await submit(form.id, { note: 'hello' });
  expect([...bots, person].map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);

  // Two honeypot hits and one submission in the spam folder; the inbox holds the person's.
  expect(await apiForm()).toMatchObject({ spamCount: 3, submissionCount: 1 });
  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email: owner.email, password: 'correct horse battery' });
  const read = sessionFormRead(await client.forms.get.query({ formId: form.id }));
  expect([read.spamCount, read.caughtCount, read.submissionCount]).toEqual([3, 2, 1]);
});
