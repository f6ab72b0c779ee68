import { fileURLToPath } from 'node:url';

import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { load, type LoadOptions } from './load.js';
import { benchSubmission, seedBenchData } from './seed.js';
import { spawnProcess } from './spawn-process.js';

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
const appDir = fileURLToPath(new URL('..', import.meta.url));

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
const { key, formIds } = await seedBenchData(mongoUri);
const serverArgs = ['--import', 'tsx', '--conditions=@formwell/source'];
if (process.env.PROFILE_SERVER !== '0') {
  serverArgs.unshift('--cpu-prof', `--cpu-prof-dir=${dir}/server`);
}
const server = spawnProcess(process.execPath, [...serverArgs, 'bench/server-entry.ts'], {
  cwd: appDir,
  env: {
    PATH: process.env.PATH ?? '',
    MONGODB_URI: mongoUri,
    REDIS_URL: redis.url,
    PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production refuses a plain-http public URL; the bench still talks plain http to 127.0.0.1.
    PUBLIC_URL: 'https://bench.formwell.invalid',
  },
});
try {
  const [, base] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);
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
