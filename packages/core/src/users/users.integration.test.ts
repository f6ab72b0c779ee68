import { AccountEmailModel, DashboardSessionModel, UserModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { FORM_TYPES } from '../forms/form-types.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createSession } from '../sessions/create-session.js';
import { verifySession } from '../sessions/verify-session.js';
import { createUser } from './create-user.js';
import { getMe } from './get-me.js';
import { logIn } from './log-in.js';
import { logOut } from './log-out.js';
import { setUserPlan } from './set-user-plan.js';
import { signUp } from './sign-up.js';

useTestDatabase('core_users');

/** Account mail is stored for the worker; no queue here (the worker's own tests send it). */
const NO_QUEUE = { producer: null };

describe('users and sessions', () => {
  test('sign up (no session, a verification mail), log in, verify, log out', async () => {
    const email = testEmail('Mixed').replace('mixed', 'MiXeD');
    const answer = await signUp({
      config: testConfig,
      mail: NO_QUEUE,
      input: { email, password: 'correct horse' },
    });

    expect(answer).toEqual({ status: 'check_inbox', email: email.toLowerCase() });
    const record = await UserModel.findOne({ email: email.toLowerCase() }).lean();
    expect(record?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(record?.emailVerifiedAt).toBeNull();
    expect(await AccountEmailModel.find({ to: email.toLowerCase() }, { kind: 1, _id: 0 }).lean()).toEqual([
      { kind: 'account.verify-email' },
    ]);

    const login = await logIn(
      { email: email.toUpperCase(), password: 'correct horse' },
      { userAgent: 'Tester/1' },
    );
    expect(login.user).toMatchObject({
      email: email.toLowerCase(),
      plan: 'FREE',
      role: 'OWNER',
      quotaLimit: 200,
    });
    expect(login.user).not.toHaveProperty('passwordHash');
    expect(login.user.emailVerified).toBe(false);
    expect((await verifySession({ token: login.session.token })).user.id).toBe(login.user.id);
    expect(JSON.stringify(await DashboardSessionModel.find().lean())).not.toContain(login.session.token);
    await logOut({ token: login.session.token });
    expect((await appErrorOf(verifySession({ token: login.session.token }))).httpStatus).toBe(401);
  });

  test('a taken address: the same answer, no second account, its holder mailed; bad password and unknown email the same 401', async () => {
    const email = testEmail();
    const first = await signUp({
      config: testConfig,
      mail: NO_QUEUE,
      input: { email, password: 'correct horse' },
    });
    const again = await signUp({
      config: testConfig,
      mail: NO_QUEUE,
      input: { email: email.toUpperCase(), password: 'whatever1' },
    });

    expect(again).toEqual(first);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    expect(
      (await AccountEmailModel.find({ to: email }, { kind: 1, _id: 0 }).sort({ _id: 1 }).lean()).map(
        (m) => m.kind,
      ),
    ).toEqual(['account.verify-email', 'account.already-registered']);
    // The first password stands.
    expect((await logIn({ email, password: 'correct horse' })).user.email).toBe(email);
    const wrong = await appErrorOf(logIn({ email, password: 'whatever1' }));
    const unknown = await appErrorOf(logIn({ email: testEmail(), password: 'wrong horse' }));
    expect([wrong.httpStatus, wrong.message]).toEqual([401, 'Invalid email or password']);
    expect(unknown.message).toBe(wrong.message);
  });

  test('expired sessions are refused; users without a password cannot log in', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail() } });
    const old = await createSession({ userId: user.id, ttlMs: 1000, now: new Date(Date.now() - 5000) });

    expect((await appErrorOf(verifySession({ token: old.token }))).httpStatus).toBe(401);
    expect((await appErrorOf(logIn({ email: user.email, password: 'anything' }))).httpStatus).toBe(401);
  });

  test('set plan changes the quota with it; me', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });

    expect(await setUserPlan({ config: testConfig, userId: user.id, plan: 'STANDARD' })).toEqual({
      id: user.id,
      plan: 'STANDARD',
      quotaLimit: 5000,
    });
    const me = await getMe({ userId: user.id, config: testConfig });
    expect(me.plan).toBe('STANDARD');
    // The dashboard shows what each plan allows and the form types from here, holding no copy.
    expect(me.plans).toEqual(testConfig.plans);
    expect(me.formTypes).toContainEqual({ value: 'analytics_opt_in', label: 'Analytics Opt-In' });
    expect(me.formTypes.map((type) => type.value)).toEqual([...FORM_TYPES]);
    expect(
      (await appErrorOf(getMe({ userId: '000000000000000000000000', config: testConfig }))).message,
    ).toBe('User not found');
  });
});
