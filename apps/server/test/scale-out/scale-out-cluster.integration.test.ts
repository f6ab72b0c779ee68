import { startRedisCluster } from '@formwell/vitest-config/redis-cluster';
import { afterEach, test } from 'vitest';

import { runScaleOutFlow } from './scale-out-flow.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

test('the same on a 3-master Redis Cluster: 1,000 submits through a worker kill and a server restart', async () => {
  const cluster = await startRedisCluster({ masters: 3 });
  cleanups.push(() => cluster.stop());
  await runScaleOutFlow(
    { redisUrl: cluster.url, submits: 1_000, perSecond: 25, label: 'scale_out_cluster' },
    cleanups,
  );
}, 1_800_000);
