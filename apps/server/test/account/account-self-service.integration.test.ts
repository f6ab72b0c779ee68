import { createApiKey, createForm, OWNER_NOT_VERIFIED, setUserPlan } from '@formwell/core';
import { AccountTokenModel, EmailLogModel, UserModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { waitFor } from '../helpers/start-system.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection } from '../trpc/dashboard-client.js';
import { linkToken, mailTo, startWorkerWithMailCatcher } from './mail-services.js';

const PASSWORD = 'correct horse battery';
const INVALID_LINK = { code: 'BAD_REQUEST', message: 'This link is invalid, used or expired' };

/** A submission through the public API, as the owner's backend would send it. */
async function submit(address: string, apiKey: string, formId: string) {
  const response = await fetch(`${address}/api/v1/forms/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey },
    body: JSON.stringify({ formId, data: { email: 'visitor@example.com', message: 'hello' } }),
  });
  expect(response.status).toBe(201);
}

test(
  'sign-up tells nobody an address is taken; verification, reset and password change by real mail; owner mail waits for a verified address',
  { timeout: 600_000 },
  async () => {
    const { app, env } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { output } = await startWorkerWithMailCatcher({
      mongoUri: env.MONGODB_URI,
      redisUrl: env.REDIS_URL,
    });
    const email = uniqueEmail('self');

    // Sign-up: the same answer for a new and a taken address, and no session either way.
    const first = dashboardClient(address);
    const second = dashboardClient(address);
    const answer = await first.client.auth.signUp.mutate({ email, password: PASSWORD, name: 'Self' });
    expect(answer).toEqual({ status: 'check_inbox', email });
    expect(await second.client.auth.signUp.mutate({ email, password: 'another password' })).toEqual(answer);
    expect([first.jar.setCookies, second.jar.setCookies]).toEqual([[], []]);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    const [verification] = await mailTo(email, 'account.verify-email', output);
    expect(verification?.subject).toBe('Confirm your email address for Formwell');
    const [taken] = await mailTo(email, 'account.already-registered', output);
    expect(taken?.text).toContain('No second account was made.');
    expect(taken?.text).toContain(`${testCoreConfig.publicUrl}/reset-password#token=`);

    // Logged in but unverified: owner-bound mail (a PRO developer notification) is held back.
    const owner = dashboardClient(address);
    const { user } = await owner.client.auth.logIn.mutate({ email, password: PASSWORD });
    expect((await owner.client.auth.me.query()).emailVerified).toBe(false);
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    const form = await createForm({
      config: testCoreConfig,
      userId: user.id,
      input: { name: 'Leads', formType: 'contact', emailSettings: { developerNotificationsEnabled: true } },
    });
    const key = await createApiKey({ userId: user.id, name: 'backend' });
    await submit(address, key.key, form.id);
    const [held] = await mailTo(email, 'email.developer', output);
    expect([held?.status, held?.error]).toEqual(['skipped', OWNER_NOT_VERIFIED]);

    // The link verifies once (stored as a hash only); then the owner's mail goes out.
    const verifyToken = linkToken(verification, 'verify-email');
    expect(JSON.stringify(await AccountTokenModel.find({ email }).lean())).not.toContain(verifyToken);
    const anyone = dashboardClient(address).client;
    expect(await anyone.auth.verifyEmail.mutate({ token: verifyToken })).toEqual({
      email,
      emailVerified: true,
    });
    expect(await rejection(anyone.auth.verifyEmail.mutate({ token: verifyToken }))).toEqual(INVALID_LINK);
    expect((await owner.client.auth.me.query()).emailVerified).toBe(true);
    expect(await owner.client.account.resendVerification.mutate()).toEqual({ sent: false });
    await submit(address, key.key, form.id);
    const [notified] = await mailTo(email, 'email.developer', output, 2);
    expect(notified).toMatchObject({ status: 'sent', subject: 'New submission to Leads' });

    // Password change: the current password is needed; every other session ends, this one stays.
    const laptop = dashboardClient(address);
    await laptop.client.auth.logIn.mutate({ email, password: PASSWORD });
    const sessions = (await owner.client.account.sessions.query()).sessions;
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    // Each session names the browser that signed in (here, Node's fetch).
    expect(sessions[0]?.userAgent).toEqual(expect.any(String));
    expect(
      await rejection(
        owner.client.account.changePassword.mutate({
          currentPassword: 'not it',
          newPassword: 'a new password',
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'The current password is not correct' });
    expect(
      await owner.client.account.changePassword.mutate({
        currentPassword: PASSWORD,
        newPassword: 'a new password',
      }),
    ).toEqual({ otherSessionsEnded: sessions.length - 1 });
    expect((await rejection(laptop.client.auth.me.query())).code).toBe('UNAUTHORIZED');
    expect((await owner.client.auth.me.query()).email).toBe(email);

    // Sign out everywhere else.
    const phone = dashboardClient(address);
    await phone.client.auth.logIn.mutate({ email, password: 'a new password' });
    expect(await owner.client.account.endOtherSessions.mutate()).toEqual({ ended: 1 });
    expect((await rejection(phone.client.auth.me.query())).code).toBe('UNAUTHORIZED');

    // Reset: the same answer for an unknown address (which gets no mail); the link works once,
    // ends every session, and the old password stops working.
    const stranger = uniqueEmail('nobody');
    const resetAnswer = await anyone.auth.requestPasswordReset.mutate({ email: email.toUpperCase() });
    expect(resetAnswer).toEqual({ status: 'check_inbox', email });
    expect(await anyone.auth.requestPasswordReset.mutate({ email: stranger })).toEqual({
      status: 'check_inbox',
      email: stranger,
    });
    const [reset] = await mailTo(email, 'account.password-reset', output);
    expect(reset?.subject).toBe('Reset your Formwell password');
    const resetToken = linkToken(reset, 'reset-password');
    expect(
      await anyone.auth.resetPassword.mutate({ token: resetToken, password: 'reset horse battery' }),
    ).toEqual({ email, cleared: null });
    expect(
      await rejection(
        anyone.auth.resetPassword.mutate({ token: resetToken, password: 'twice horse battery' }),
      ),
    ).toEqual(INVALID_LINK);
    expect((await rejection(owner.client.auth.me.query())).code).toBe('UNAUTHORIZED');
    expect((await rejection(anyone.auth.logIn.mutate({ email, password: 'a new password' }))).code).toBe(
      'UNAUTHORIZED',
    );
    expect((await anyone.auth.logIn.mutate({ email, password: 'reset horse battery' })).user.email).toBe(
      email,
    );
    // The unknown address got nothing, though the answer was the same.
    await waitFor(
      async () => ((await EmailLogModel.countDocuments({ to: email })) >= 5 ? true : undefined),
      60_000,
      output,
    );
    expect(await EmailLogModel.countDocuments({ to: stranger })).toBe(0);
  },
);
