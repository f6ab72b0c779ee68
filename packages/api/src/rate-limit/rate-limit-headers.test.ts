import { expect, test } from 'vitest';

import { rateLimitHeaders } from './rate-limit-headers.js';

const base = { name: 'getForm' as const, limit: 100, windowSeconds: 60 };

test('an allowed request carries the X-RateLimit and IETF fields, reset in Unix seconds, no Retry-After', () => {
  const headers = rateLimitHeaders(
    { ...base, remaining: 99, msBeforeReset: 59_500, allowed: true },
    1_700_000_000_000,
  );

  expect(headers).toEqual({
    'X-RateLimit-Limit': '100',
    'X-RateLimit-Remaining': '99',
    'X-RateLimit-Reset': '1700000060',
    'RateLimit-Policy': '"getForm";q=100;w=60',
    RateLimit: '"getForm";r=99;t=60',
  });
});

test('a refused request adds Retry-After in whole seconds, at least 1', () => {
  expect(
    rateLimitHeaders({ ...base, remaining: 0, msBeforeReset: 1_200, allowed: false }, 0)['Retry-After'],
  ).toBe('2');
  expect(
    rateLimitHeaders({ ...base, remaining: 0, msBeforeReset: 0, allowed: false }, 0)['Retry-After'],
  ).toBe('1');
});

test('a bucket whose window ends on a whole second announces that second, not the next', () => {
  const headers = rateLimitHeaders(
    { ...base, remaining: 99, msBeforeReset: 59_700, resetAtSeconds: 1_700_000_059, allowed: true },
    1_700_000_000_300,
  );

  expect([headers['X-RateLimit-Reset'], headers.RateLimit]).toEqual(['1700000059', '"getForm";r=99;t=60']);
});
