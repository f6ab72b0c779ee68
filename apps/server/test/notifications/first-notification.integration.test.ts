import { createApiKey, createUser, OWNER_NOT_VERIFIED, setUserPlan } from '@formwell/core';
import { EmailLogModel, UserModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { mailTo, startWorkerWithMailCatcher } from '../account/mail-services.js';
import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/**
 * An owner on `plan` whose new form is left as created (no email setting sent), and its first
 * submission through the API; resolves with the notification the owner got by real SMTP.
 */
async function firstNotification(plan: 'FREE' | 'PRO', env: Record<string, string>) {
  const { app, env: served } = await buildTestApp(env);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { output } = await startWorkerWithMailCatcher({
    mongoUri: served.MONGODB_URI,
    redisUrl: served.REDIS_URL,
  });
  const email = uniqueEmail(`first-${plan.toLowerCase()}`);
  const user = await createUser({
    config: testCoreConfig,
    input: { email, password: 'correct horse battery' },
  });
  await setUserPlan({ config: testCoreConfig, userId: user.id, plan });
  const key = await createApiKey({ userId: user.id, name: 'backend' });
  const form = await fetch(`${address}/api/v1/forms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key.key },
    body: JSON.stringify({
      name: 'Enquiries',
      formType: 'contact',
      fields: [
        { name: 'email', label: 'Your email', type: 'email' },
        { name: 'message', label: 'What you need', type: 'textarea' },
      ],
    }),
  });
  expect(form.status).toBe(201);
  const { id: formId, emailSettings } = (await form.json()) as {
    id: string;
    emailSettings: { developerNotificationsEnabled: boolean };
  };
  expect(emailSettings.developerNotificationsEnabled).toBe(true);
  const submitted = await fetch(`${address}/api/v1/forms/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key.key },
    body: JSON.stringify({
      formId,
      data: { email: 'visitor@example.com', message: 'A quote for 40 chairs' },
    }),
  });
  expect(submitted.status).toBe(201);
  const [notification] = await mailTo(email, 'email.developer', output);

  return notification;
}

test(
  'a FREE owner on an install with the plan gates lifted gets a labelled notification of the first submission',
  { timeout: 300_000 },
  async () => {
    const notification = await firstNotification('FREE', { EMAIL_PLAN_GATES: 'off' });
    expect(notification).toMatchObject({ status: 'sent', subject: 'New submission to Enquiries' });
    expect(notification?.text).toContain('What you need');
    expect(notification?.text).toContain('A quote for 40 chairs');
  },
);

test(
  'a PRO owner gets a labelled notification of the first submission by default',
  { timeout: 300_000 },
  async () => {
    const notification = await firstNotification('PRO', {});
    expect(notification).toMatchObject({ status: 'sent', subject: 'New submission to Enquiries' });
    expect(notification?.text).toContain('Your email');
    expect(notification?.text).toContain('What you need');
  },
);

test(
  "an unverified owner's developer address gets nothing until the owner's own address is proven",
  { timeout: 300_000 },
  async () => {
    const { app, env: served } = await buildTestApp({});
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { output } = await startWorkerWithMailCatcher({
      mongoUri: served.MONGODB_URI,
      redisUrl: served.REDIS_URL,
    });
    const email = uniqueEmail('unproven-owner');
    const user = await createUser({
      config: testCoreConfig,
      input: { email, password: 'correct horse battery' },
      emailVerified: false,
    });
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    const key = await createApiKey({ userId: user.id, name: 'backend' });
    const stranger = uniqueEmail('stranger');
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${address}/api/v1${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-API-Key': key.key },
        body: JSON.stringify(body),
      });
    const created = await call('POST', '/forms', {
      name: 'Relay attempt',
      formType: 'contact',
      fields: [{ name: 'message', label: 'Message', type: 'textarea' }],
      emailSettings: { developerEmail: stranger },
    });
    expect(created.status).toBe(201);
    const { id: formId } = (await created.json()) as { id: string };
    const submit = async (message: string) =>
      expect((await call('POST', '/forms/submit', { formId, data: { message } })).status).toBe(201);

    // The notification is held, logged under the owner with the reason; the stranger gets nothing.
    await submit('Anyone can type this');
    const [held] = await mailTo(email, 'email.developer', output);
    expect(held).toMatchObject({ status: 'skipped', error: OWNER_NOT_VERIFIED });
    expect(await EmailLogModel.countDocuments({ to: stranger })).toBe(0);

    // Once the owner's address is proven, the developer address gets the notifications.
    await UserModel.updateOne({ _id: user.id }, { $set: { emailVerifiedAt: new Date() } });
    await submit('After the proof');
    const [sent] = await mailTo(stranger, 'email.developer', output);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent?.text).toContain('After the proof');
  },
);
