import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { afterEach, test } from 'vitest';

import { runScaleOutFlow } from './scale-out-flow.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

test('2 servers and 2 workers on one Redis: 2,000 submits through a worker kill and a server restart, each stored and delivered once', async () => {
  // A private Redis: the queues hold this test's jobs only.
  const redis = await startRedisServer();
  cleanups.push(() => redis.stop());
  await runScaleOutFlow({ redisUrl: redis.url, submits: 2_000, perSecond: 25, label: 'scale_out' }, cleanups);
}, 1_800_000);
