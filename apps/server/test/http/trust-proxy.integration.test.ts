import { describe, expect, test } from 'vitest';

import { InvalidEnvError, parseServerEnv } from '../../src/env.js';
import { buildTestApp } from '../helpers/build-test-app.js';

// The test client connects from 127.0.0.1; the proxies before it claim two more hops.
const FORWARDED_FOR = '203.0.113.5, 10.0.0.1';

/** The client address the app sees for a request that came through two proxies, under `setting`. */
async function clientAddressUnder(setting: string | undefined) {
  const { app } = await buildTestApp(setting === undefined ? {} : { TRUST_PROXY: setting });
  app.get('/probe/client-address', (request) => ({ ip: request.ip }));
  const response = await app.inject({
    method: 'GET',
    url: '/probe/client-address',
    headers: { 'x-forwarded-for': FORWARDED_FOR },
  });

  return response.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY: every documented form boots, and X-Forwarded-For is honoured as it says', () => {
  test.each([
    [undefined, '127.0.0.1'],
    ['false', '127.0.0.1'],
    ['true', '203.0.113.5'],
    ['TRUE', '203.0.113.5'],
    ['1', '10.0.0.1'],
    ['2', '203.0.113.5'],
    ['127.0.0.1', '10.0.0.1'],
    ['127.0.0.0/8, 10.0.0.0/8', '203.0.113.5'],
    ['loopback', '10.0.0.1'],
    ['::1, 10.0.0.1', '127.0.0.1'],
  ])('TRUST_PROXY=%s → client address %s', async (setting, expected) => {
    expect(await clientAddressUnder(setting)).toBe(expected);
  });

  test('anything else stops the boot with one line naming the variable and the bad entry', () => {
    const base = { MONGODB_URI: 'mongodb://127.0.0.1:1/x', REDIS_URL: 'redis://127.0.0.1:1' };
    for (const bad of ['yes', '10.0.0.0/33', '127.0.0.1, proxy.example.com', '1.5']) {
      let caught: unknown;
      try {
        parseServerEnv({ ...base, TRUST_PROXY: bad });
      } catch (error) {
        caught = error;
      }

      expect(caught).toBeInstanceOf(InvalidEnvError);
      expect((caught as InvalidEnvError).problems).toEqual([
        expect.stringMatching(/^TRUST_PROXY: "[^"]+" is not true, false, a hop count/),
      ]);
    }
  });
});
