import { listSubmissions } from '@formwell/core';
import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, sessionFormRead, signUpAndLogIn } from '../trpc/dashboard-client.js';
import { createPublicForm, storedData } from './helpers.js';

test('the dashboard opts a form in and sets origins and CAPTCHA; views show the provider, never the secret', async () => {
  const { app, logLines } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = dashboardClient(address);
  await signUpAndLogIn(client, {
    email: uniqueEmail('dash'),
    password: 'correct horse battery',
    name: 'D',
  });
  const form = await client.forms.create.mutate({ name: 'Contact', formType: 'contact', fields: [] });
  if (!('publicSubmissions' in form)) {
    throw new Error('forms.create answered a session without the form settings');
  }
  const secret = 'recaptcha-secret-from-dashboard';

  expect(form.publicSubmissions).toEqual({ enabled: false, allowedOrigins: [], captcha: null });
  const closed = await fetch(`${address}/f/${form.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: 'name=Ada',
  });
  expect(closed.status).toBe(404);

  const updated = sessionFormRead(
    await client.forms.update.mutate({
      formId: form.id,
      publicSubmissions: {
        enabled: true,
        allowedOrigins: ['https://Shop.example.com'],
        captcha: { provider: 'recaptcha', secret },
      },
    }),
  );
  const read = sessionFormRead(await client.forms.get.query({ formId: form.id }));
  const invalid = await client.forms.update
    .mutate({ formId: form.id, publicSubmissions: { allowedOrigins: ['javascript:alert(1)'] } })
    .catch((error: unknown) => error);

  const expected = {
    enabled: true,
    allowedOrigins: ['https://shop.example.com'],
    captcha: { provider: 'recaptcha' },
  };
  expect(updated.publicSubmissions).toEqual(expected);
  expect(read.publicSubmissions).toEqual(expected);
  expect(JSON.stringify([updated, read])).not.toContain(secret);
  expect(logLines.join('\n')).not.toContain(secret);
  expect(invalid).toBeInstanceOf(TRPCClientError);
  expect((invalid as TRPCClientError<never>).message).not.toContain(secret);
});

test("owner and form names in the body are data, never a target: another tenant's form is untouched", async () => {
  const { app } = await buildTestApp();
  const alice = await createPublicForm();
  const bob = await createPublicForm();

  const response = await app.inject({
    method: 'POST',
    url: `/f/${alice.formId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: new URLSearchParams({ name: 'Ada', userId: bob.userId, formId: bob.formId }).toString(),
  });

  expect(response.statusCode).toBe(201);
  expect(await storedData(alice)).toEqual([{ name: 'Ada', userId: bob.userId, formId: bob.formId }]);
  expect((await listSubmissions({ userId: bob.userId, formId: bob.formId })).submissions).toEqual([]);
});
