import { randomInt } from 'node:crypto';
import { once } from 'node:events';

import { createUser } from '@formwell/core';
import { AccountTokenModel } from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

const PASSWORD = 'correct horse battery';

/**
 * Every test speaks from client addresses of its own (X-Forwarded-For, trusted from the loopback
 * test client), so the per-address counters of parallel test files never meet in the shared Redis.
 */
async function appBehindProxy(overrides: Record<string, string> = {}) {
  const { app } = await buildTestApp({ TRUST_PROXY: '127.0.0.1', ...overrides });
  // Until Redis is connected the limiter counts in process memory (never refusing for it); counting
  // across the switch would split the tally, so start once it is there.
  if (app.redis.status !== 'ready') {
    await once(app.redis, 'ready');
  }

  return app;
}

function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

async function rpc(app: FastifyInstance, procedure: string, input: unknown, address: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    payload: JSON.stringify(input),
  });
  const body = response.json<{ error?: { message: string; data: { code: string } } }>();

  return {
    status: response.statusCode,
    code: body.error?.data.code ?? 'OK',
    message: body.error?.message,
    retryAfter: response.headers['retry-after'],
  };
}

async function signUp(app: FastifyInstance, address: string, email = uniqueEmail('limits')) {
  await rpc(app, 'auth.signUp', { email, password: PASSWORD }, address);

  return email;
}

describe('auth.logIn', () => {
  test('10 wrong passwords are 401; the 11th try is 429 with Retry-After, even with the right password', async () => {
    const app = await appBehindProxy();
    const address = randomAddress();
    const email = await signUp(app, address);

    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await rpc(app, 'auth.logIn', { email, password: `wrong ${i}` }, address)).status);
    }
    expect(statuses).toEqual(Array<number>(10).fill(401));

    for (const password of ['wrong again', PASSWORD]) {
      const refused = await rpc(app, 'auth.logIn', { email, password }, address);
      expect(refused).toMatchObject({
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed log-in attempts; try again in 15 minutes',
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(890);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
    }
    // The owner, from another address, still gets in: one address cannot lock an account.
    expect((await rpc(app, 'auth.logIn', { email, password: PASSWORD }, randomAddress())).status).toBe(200);
  });

  test('failures from many addresses are capped per email (RATE_LIMIT_LOGIN_PER_EMAIL)', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_LOGIN_PER_EMAIL: '4/900' });
    const email = await signUp(app, randomAddress());
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await rpc(app, 'auth.logIn', { email, password: `wrong ${i}` }, randomAddress())).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await rpc(app, 'auth.logIn', { email, password: PASSWORD }, randomAddress())).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  test('failures are counted per client address across emails', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_LOGIN: '3/900' });
    const address = randomAddress();
    for (let i = 0; i < 3; i++) {
      expect((await rpc(app, 'auth.logIn', { email: uniqueEmail(), password: 'x' }, address)).status).toBe(
        401,
      );
    }

    expect((await rpc(app, 'auth.logIn', { email: uniqueEmail(), password: 'x' }, address)).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(
      (await rpc(app, 'auth.logIn', { email: uniqueEmail(), password: 'x' }, randomAddress())).status,
    ).toBe(401);
  });

  test("a successful log-in clears the email's failures", async () => {
    const app = await appBehindProxy({ RATE_LIMIT_LOGIN_PER_EMAIL: '3/900' });
    const email = await signUp(app, randomAddress());
    const fail = () => rpc(app, 'auth.logIn', { email, password: 'wrong' }, randomAddress());
    await fail();
    await fail();

    expect((await rpc(app, 'auth.logIn', { email, password: PASSWORD }, randomAddress())).status).toBe(200);
    expect([(await fail()).status, (await fail()).status, (await fail()).status]).toEqual([401, 401, 401]);
    expect((await fail()).status).toBe(429);
  });
});

describe('auth.signUp', () => {
  test('sign-ups are limited per client address (RATE_LIMIT_SIGNUP), 429 with Retry-After', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_SIGNUP: '3/3600' });
    const address = randomAddress();
    for (let i = 0; i < 3; i++) {
      expect(
        (await rpc(app, 'auth.signUp', { email: uniqueEmail(), password: PASSWORD }, address)).status,
      ).toBe(200);
    }

    const refused = await rpc(app, 'auth.signUp', { email: uniqueEmail(), password: PASSWORD }, address);
    expect(refused).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many sign-ups from this network; try again in 60 minutes',
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
    const elsewhere = await rpc(
      app,
      'auth.signUp',
      { email: uniqueEmail(), password: PASSWORD },
      randomAddress(),
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('emailed links (sign-up, password reset)', () => {
  test('per recipient and client address (RATE_LIMIT_ACCOUNT_EMAIL): beyond it a reset answers as usual and sends nothing; another address still gets its links', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_ACCOUNT_EMAIL: '3/3600' });
    const known = uniqueEmail('limits');
    await createUser({ config: testCoreConfig, input: { email: known, password: PASSWORD } });
    const unknown = uniqueEmail('limits');
    const attacker = randomAddress();
    const ask = (email: string, address: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.requestPasswordReset',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        payload: JSON.stringify({ email }),
      });
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const response = await ask(email, attacker);
        seen.push([response.statusCode, response.body, response.headers['retry-after'] ?? null]);
      }

      return seen;
    };
    const quiet = (email: string) => [
      200,
      JSON.stringify({ result: { data: { status: 'check_inbox', email } } }),
      null,
    ];

    // Four asks from one address: the same answer each time, known or unknown address...
    expect(await answers(known)).toEqual([quiet(known), quiet(known), quiet(known), quiet(known)]);
    expect(await answers(unknown)).toEqual([quiet(unknown), quiet(unknown), quiet(unknown), quiet(unknown)]);
    // ...but only three links went out; the owner, from their own address, still gets theirs.
    expect(await AccountTokenModel.countDocuments({ email: known, kind: 'password-reset' })).toBe(3);
    expect((await ask(known, randomAddress())).statusCode).toBe(200);
    expect(await AccountTokenModel.countDocuments({ email: known, kind: 'password-reset' })).toBe(4);
    // Sign-up, whose answer creates an account, keeps the 429 at this recipient limit.
    const refused = await rpc(app, 'auth.signUp', { email: known, password: PASSWORD }, attacker);
    expect(refused).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many emails asked for; try again in 60 minutes',
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
  });

  test('per recipient from all addresses (RATE_LIMIT_ACCOUNT_EMAIL_PER_RECIPIENT): a ceiling, answered as usual', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_ACCOUNT_EMAIL_PER_RECIPIENT: '3/3600' });
    const known = uniqueEmail('limits');
    await createUser({ config: testCoreConfig, input: { email: known, password: PASSWORD } });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await rpc(app, 'auth.requestPasswordReset', { email: known }, randomAddress())).status);
    }

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await AccountTokenModel.countDocuments({ email: known, kind: 'password-reset' })).toBe(3);
  });

  test('per client address (RATE_LIMIT_ACCOUNT_EMAIL_PER_ADDRESS), whatever the addresses asked for', async () => {
    const app = await appBehindProxy({ RATE_LIMIT_ACCOUNT_EMAIL_PER_ADDRESS: '2/3600' });
    const address = randomAddress();
    const ask = async () =>
      (await rpc(app, 'auth.requestPasswordReset', { email: uniqueEmail('limits') }, address)).status;

    expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 429]);
    expect(
      (await rpc(app, 'auth.requestPasswordReset', { email: uniqueEmail() }, randomAddress())).status,
    ).toBe(200);
  });
});
