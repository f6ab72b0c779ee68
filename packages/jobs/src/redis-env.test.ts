import { expect, test } from 'vitest';

import { createProducerConnection } from './redis-connection.js';
import { ZRedisEnvSchema } from './redis-env.js';

const PASSWORD = 's3cret-Pw';

function issuesOf(REDIS_URL: string) {
  const result = ZRedisEnvSchema.safeParse({ REDIS_URL });
  if (result.success) {
    throw new Error(`expected ${REDIS_URL} to be refused`);
  }

  return result.error;
}

/** Every field of the error, enumerable or not, nested included, as one text. */
function everything(error: unknown): string {
  const seen = new Set<unknown>();
  const walk = (value: unknown): string => {
    if (typeof value !== 'object' || value === null) {
      return String(value);
    }
    if (seen.has(value)) {
      return '';
    }
    seen.add(value);

    return Object.getOwnPropertyNames(value)
      .map((name) => `${name}=${walk((value as Record<string, unknown>)[name])}`)
      .join(' ');
  };

  return walk(error);
}

test.each([
  [`redis://127.0.0.1:7000,rediss://:${PASSWORD}@127.0.0.1:7001`, 'TLS on a later node only'],
  [`rediss://:${PASSWORD}@127.0.0.1:7000,redis://127.0.0.1:7001`, 'TLS on the first node only'],
  [`redis://127.0.0.1:7000,redis://:${PASSWORD}@127.0.0.1:7001`, 'credentials on a later node only'],
  [`redis://:${PASSWORD}@127.0.0.1:7000,redis://:other@127.0.0.1:7001`, 'different passwords'],
  [`redis://a:${PASSWORD}@127.0.0.1:7000,redis://b:${PASSWORD}@127.0.0.1:7001`, 'different users'],
])('a cluster node list that mixes schemes or credentials is refused (%s: %s)', (url) => {
  const error = issuesOf(url);

  expect(error.issues.map((issue) => issue.message)).toEqual([
    expect.stringContaining('must share one scheme (redis:// or rediss://) and one set of credentials'),
  ]);
  expect(everything(error)).not.toContain(PASSWORD);
  // The connection code applies the same rule (it is also reached without the schema).
  expect(() => createProducerConnection(url, { lazyConnect: true })).toThrow(/must share one scheme/);
});

test.each([
  `redis://:${PASSWORD}@127.0.0.1:7000,redis://127.0.0.1:7001,redis://127.0.0.1:7002`,
  `rediss://:${PASSWORD}@127.0.0.1:7000,rediss://:${PASSWORD}@127.0.0.1:7001`,
  'redis://127.0.0.1:7000,redis://127.0.0.1:7001',
])('a node list with the first URL setting scheme and credentials for all is accepted: %s', (url) => {
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: url }).success).toBe(true);
});

test.each([
  `redis://:${PASSWORD}@127.0.0.1:7000,redis://:${PASSWORD}@[::1`,
  `redis://:${PASSWORD}@127.0.0.1:notaport`,
  `rediss://user:${PASSWORD}@exa mple.com:6379`,
])('an invalid URL is refused without repeating it: %s', (url) => {
  const error = issuesOf(url);

  expect(error.issues.map((issue) => issue.message)).toEqual([
    expect.stringMatching(/^REDIS_URL: URL \d is not a valid URL$/),
  ]);
  expect(everything(error)).not.toContain(PASSWORD);
  expect(JSON.stringify(error)).not.toContain(PASSWORD);
  let thrown: unknown;
  try {
    createProducerConnection(url, { lazyConnect: true });
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(Error);
  expect((thrown as Error).message).toMatch(/^REDIS_URL: URL \d is not a valid URL$/);
  expect(everything(thrown)).not.toContain(PASSWORD);
});
