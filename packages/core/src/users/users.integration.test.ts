import { DashboardSessionModel, UserModel } from '@formwell/db';
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

describe('users and sessions', () => {
  test('sign up, log in, verify, log out', async () => {
    const email = testEmail('Mixed').replace('mixed', 'MiXeD');
    const { user, session } = await signUp({
      config: testConfig,
      input: { email, password: 'correct horse' },
    });

    expect(user).toMatchObject({ email: email.toLowerCase(), plan: 'FREE', role: 'OWNER', quotaLimit: 200 });
    expect(user).not.toHaveProperty('passwordHash');
    expect((await UserModel.findById(user.id).lean())?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await verifySession({ token: session.token })).user.id).toBe(user.id);
    expect(JSON.stringify(await DashboardSessionModel.find().lean())).not.toContain(session.token);

    const login = await logIn({ email: email.toUpperCase(), password: 'correct horse' });
    expect(login.user.id).toBe(user.id);
    await logOut({ token: login.session.token });
    expect((await appErrorOf(verifySession({ token: login.session.token }))).httpStatus).toBe(401);
    expect((await verifySession({ token: session.token })).user.id).toBe(user.id);
  });

  test('duplicate email 409, bad password and unknown email the same 401', async () => {
    const email = testEmail();
    await signUp({ config: testConfig, input: { email, password: 'correct horse' } });

    expect(
      (
        await appErrorOf(
          signUp({ config: testConfig, input: { email: email.toUpperCase(), password: 'whatever1' } }),
        )
      ).httpStatus,
    ).toBe(409);
    const wrong = await appErrorOf(logIn({ email, password: 'wrong horse' }));
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
    // The dashboard shows what the plan allows and the form types from here, holding no copy.
    expect(me.planLimits).toEqual(testConfig.plans.STANDARD);
    expect(me.formTypes).toContainEqual({ value: 'analytics_opt_in', label: 'Analytics Opt-In' });
    expect(me.formTypes.map((type) => type.value)).toEqual([...FORM_TYPES]);
    expect(
      (await appErrorOf(getMe({ userId: '000000000000000000000000', config: testConfig }))).message,
    ).toBe('User not found');
  });
});
