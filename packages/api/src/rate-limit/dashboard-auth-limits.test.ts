import { AppError, AppErrorCode, type TCoreConfig, type TRateLimitName } from '@formwell/core';
import type { Redis } from 'ioredis';
import { expect, test } from 'vitest';

import { createApiKeyCache } from '../auth/api-key-cache.js';
import type { ApiServices } from '../context.js';
import { createFormCopy } from '../form-copy.js';
import type { RateLimiter } from './create-rate-limiter.js';
import { withLogInLimit, withSignUpLimit } from './dashboard-auth-limits.js';

/** An in-memory stand-in with the real limiter's contract (one fixed window, never expiring here). */
function fakeLimiter(limits: Partial<Record<TRateLimitName, number>>) {
  const counts = new Map<string, number>();
  const key = (name: TRateLimitName, bucketId: string) => `${name}:${bucketId}`;
  const limiter: RateLimiter = {
    consume(name, bucketId) {
      const limit = limits[name] ?? 1;
      const count = (counts.get(key(name, bucketId)) ?? 0) + 1;
      counts.set(key(name, bucketId), count);

      return Promise.resolve({
        name,
        limit,
        windowSeconds: 900,
        remaining: Math.max(0, limit - count),
        msBeforeReset: 600_000,
        allowed: count <= limit,
      });
    },
    async consumeForUser(name, bucketId) {
      return { state: await limiter.consume(name, bucketId), epoch: null };
    },
    peek(name, bucketId) {
      const limit = limits[name] ?? 1;
      const count = counts.get(key(name, bucketId)) ?? 0;

      return Promise.resolve({
        name,
        limit,
        windowSeconds: 900,
        remaining: Math.max(0, limit - count),
        msBeforeReset: 600_000,
        allowed: count < limit,
      });
    },
    refund(name, bucketId) {
      counts.set(key(name, bucketId), (counts.get(key(name, bucketId)) ?? 0) - 1);

      return Promise.resolve();
    },
    reset(name, bucketId) {
      counts.delete(key(name, bucketId));

      return Promise.resolve();
    },
  };

  return { limiter, counts };
}

function context(limiter: RateLimiter, ip = '203.0.113.9') {
  const headers: Record<string, string> = {};
  const services = {
    version: 't',
    redis: {} as Redis,
    config: {} as TCoreConfig,
    rateLimiter: limiter,
    apiKeyCache: createApiKeyCache(),
    formCopy: createFormCopy({ read: () => Promise.reject(new Error('no form is read here')) }),
    stripe: null,
    accountMail: { producer: null },
  };

  return {
    headers,
    ctx: {
      req: { headers: {}, ip, url: '/trpc/auth.logIn' },
      res: { header: (name: string, value: string) => (headers[name] = value) },
      services: services satisfies ApiServices,
    },
  };
}

const badPassword = () =>
  Promise.reject(new AppError(AppErrorCode.UNAUTHORIZED, { message: 'Invalid email or password' }));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;

    return 'OK';
  } catch (error) {
    return AppError.is(error) ? error.code : 'OTHER';
  }
}

test('failed log-ins count per address; at the limit the next try is 429 before the password is checked', async () => {
  const { limiter } = fakeLimiter({ logIn: 3, logInPerEmail: 100 });
  const { ctx, headers } = context(limiter);
  const codes = [];
  for (let i = 0; i < 3; i++) {
    codes.push(await codeOf(withLogInLimit(ctx, 'a@example.com', badPassword)));
  }
  let checked = false;
  codes.push(
    await codeOf(
      withLogInLimit(ctx, 'A@Example.com ', () => {
        checked = true;

        return Promise.resolve('session');
      }),
    ),
  );

  expect(codes).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS']);
  expect(checked).toBe(false);
  expect(headers['Retry-After']).toBe('600');
});

test('one address cannot lock an email for others; many addresses meet the per-email ceiling', async () => {
  const { limiter } = fakeLimiter({ logIn: 2, logInPerEmail: 3 });
  const fromOne = context(limiter, '203.0.113.1').ctx;
  await codeOf(withLogInLimit(fromOne, 'a@example.com', badPassword));
  await codeOf(withLogInLimit(fromOne, 'a@example.com', badPassword));
  expect(await codeOf(withLogInLimit(fromOne, 'a@example.com', badPassword))).toBe('TOO_MANY_REQUESTS');
  const owner = context(limiter, '198.51.100.7').ctx;
  expect(await codeOf(withLogInLimit(owner, 'a@example.com', () => Promise.resolve('session')))).toBe('OK');

  for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
    await codeOf(withLogInLimit(context(limiter, address).ctx, 'b@example.com', badPassword));
  }
  expect(await codeOf(withLogInLimit(context(limiter, '192.0.2.4').ctx, 'b@example.com', badPassword))).toBe(
    'TOO_MANY_REQUESTS',
  );
});

test('the client address is counted too, across emails', async () => {
  const { limiter } = fakeLimiter({ logIn: 2, logInPerEmail: 100 });
  const { ctx } = context(limiter);
  await codeOf(withLogInLimit(ctx, 'a@example.com', badPassword));
  await codeOf(withLogInLimit(ctx, 'b@example.com', badPassword));

  expect(await codeOf(withLogInLimit(ctx, 'c@example.com', badPassword))).toBe('TOO_MANY_REQUESTS');
  expect(
    await codeOf(withLogInLimit(context(limiter, '198.51.100.1').ctx, 'c@example.com', badPassword)),
  ).toBe('UNAUTHORIZED');
});

test("success clears the email's failures and gives the address its attempt back; other errors do not count", async () => {
  const { limiter, counts } = fakeLimiter({ logIn: 3, logInPerEmail: 100 });
  const { ctx } = context(limiter);
  await codeOf(withLogInLimit(ctx, 'a@example.com', badPassword));
  await codeOf(withLogInLimit(ctx, 'a@example.com', () => Promise.reject(new Error('db down'))));
  expect([...counts.values()]).toEqual([1, 1]);

  expect(await withLogInLimit(ctx, 'a@example.com', () => Promise.resolve('session'))).toBe('session');
  expect([...counts.entries()]).toEqual([['logIn:dashboard_login_ip_203.0.113.9', 1]]);
  expect(JSON.stringify([...counts.keys()])).not.toContain('example.com');
});

test('sign-ups count every attempt per address', async () => {
  const { limiter } = fakeLimiter({ signUp: 2 });
  const { ctx, headers } = context(limiter);
  const signUp = () => Promise.resolve('user');

  expect(await codeOf(withSignUpLimit(ctx, signUp))).toBe('OK');
  expect(await codeOf(withSignUpLimit(ctx, badPassword))).toBe('UNAUTHORIZED');
  expect(await codeOf(withSignUpLimit(ctx, signUp))).toBe('TOO_MANY_REQUESTS');
  expect(headers['Retry-After']).toBe('600');
  expect(await codeOf(withSignUpLimit(context(limiter, '2001:db8::1').ctx, signUp))).toBe('OK');
});
