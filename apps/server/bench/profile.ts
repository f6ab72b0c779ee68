import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { load, type LoadOptions } from './load.js';
import { benchSubmission, seedBenchData } from './seed.js';
import { startBenchServer } from './bench-server.js';

/**
 * Profiling helper (not part of `pnpm bench`): one endpoint under load for PROFILE_SECONDS, with the
 * server started under `--cpu-prof` (profile in PROFILE_DIR/server). Run this script itself with
 * `node --cpu-prof` to profile the embedded engine, which lives in this process.
 *
 *   PROFILE_TARGET=get|list|submit|status PROFILE_DIR=/tmp/prof \
 *     node --cpu-prof --cpu-prof-dir=/tmp/prof/engine --import tsx --conditions=@formwell/source bench/profile.ts
 */
const target = process.env.PROFILE_TARGET ?? 'get';
const seconds = Number(process.env.PROFILE_SECONDS ?? '10');
const dir = process.env.PROFILE_DIR ?? '/tmp/formwell-profile';

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
const { key, formIds } = await seedBenchData(mongoUri);
const nodeArgs = process.env.PROFILE_SERVER === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}/server`];
const { server, base } = await startBenchServer({
  mongoUri,
  redisUrl: redis.url,
  port: 20_000 + Math.floor(Math.random() * 20_000),
  nodeArgs,
});
try {
  const headers = { 'x-api-key': key };
  const targets: Record<string, Omit<LoadOptions, 'durationSeconds'>> = {
    get: { url: `${base}/api/v1/forms/${formIds[0] ?? ''}`, headers },
    list: { url: `${base}/api/v1/forms/list?limit=10`, headers },
    status: { url: `${base}/api/v1/status` },
    submit: {
      url: `${base}/api/v1/forms/submit`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: benchSubmission(formIds[1]),
    },
  };
  const options = targets[target];
  if (!options) {
    throw new Error(`unknown PROFILE_TARGET ${target}`);
  }
  await load({ ...options, durationSeconds: 2, connections: 16 });
  const result = await load({ ...options, durationSeconds: seconds, connections: 16 });
  console.log(JSON.stringify({ target, ...result }));
} finally {
  await server.stop();
  await mongo.stop();
  await redis.stop();
}
