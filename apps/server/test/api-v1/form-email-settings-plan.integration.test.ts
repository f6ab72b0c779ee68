import { setUserPlan } from '@formwell/core';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, sessionFormRead } from '../trpc/dashboard-client.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const BOTH_ON = { enabled: true, developerNotificationsEnabled: true };
const BOTH_OFF = { enabled: false, developerNotificationsEnabled: false };

test('after a downgrade GET form shows the email switches as they act (off), keeps the stored choice, and an upgrade brings it back', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId, {
    emailSettings: { ...BOTH_ON, replyTo: 'help@example.com' },
  });
  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email: owner.email, password: 'correct horse battery' });
  const restView = async () => {
    const response = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(response.statusCode).toBe(200);

    return response.json<{ emailSettings: unknown }>().emailSettings;
  };

  expect(await restView()).toEqual(BOTH_ON);

  await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'FREE' });
  // FREE sends no email: the form says so, on the API and in the dashboard.
  expect(await restView()).toEqual(BOTH_OFF);
  const detail = sessionFormRead(await client.forms.get.query({ formId: form.id }));
  expect(detail.emailSettings).toEqual(BOTH_OFF);
  // The owner's choice is kept for an upgrade.
  expect(detail.emailSettingsFull).toMatchObject({ ...BOTH_ON, replyTo: 'help@example.com' });
  // The dashboard's editor saves every setting back: keeping a stored switch is no plan refusal.
  const renamed = await client.forms.update.mutate({
    formId: form.id,
    name: 'Renamed on FREE',
    emailSettings: { ...detail.emailSettingsFull },
  });
  expect([renamed.name, renamed.emailSettings]).toEqual(['Renamed on FREE', BOTH_OFF]);

  await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'STANDARD' });
  expect(await restView()).toEqual({ enabled: true, developerNotificationsEnabled: false });
  await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'PRO' });
  expect(await restView()).toEqual(BOTH_ON);
});

test('on FREE, turning a switch on is still refused; turning it off is allowed', async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createOwner({ plan: 'PRO' });
  // The notification is left off (it is on by default on PRO): turning it on is what is refused.
  const form = await createTestForm(owner.userId, {
    emailSettings: { enabled: true, developerNotificationsEnabled: false },
  });
  await setUserPlan({ config: testCoreConfig, userId: owner.userId, plan: 'FREE' });
  const { client } = dashboardClient(address);
  await client.auth.logIn.mutate({ email: owner.email, password: 'correct horse battery' });

  await expect(
    client.forms.update.mutate({ formId: form.id, emailSettings: { developerNotificationsEnabled: true } }),
  ).rejects.toThrow('Developer notifications require PRO plan');
  const off = sessionFormRead(
    await client.forms.update.mutate({ formId: form.id, emailSettings: { enabled: false } }),
  );
  expect(off.emailSettingsFull).toMatchObject(BOTH_OFF);
  await expect(
    client.forms.update.mutate({ formId: form.id, emailSettings: { enabled: true } }),
  ).rejects.toThrow(/STANDARD/);
});
