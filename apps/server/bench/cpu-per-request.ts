import { fileURLToPath } from 'node:url';

import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { load, type LoadOptions } from './load.js';
import { cpuTimes, syscallCounts } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';
import { startBenchServer } from './bench-server.js';
import { spawnProcess } from './spawn-process.js';

/**
 * `pnpm bench:cpu`: the server's CPU time per request (user + system, from /proc), per endpoint,
 * beside a bare Fastify route answering a body of the same size. Unlike req/s this figure hardly
 * moves with what else runs on the machine, so before/after comparisons of the request path stay
 * meaningful on a busy host. Each target gets a fixed number of requests (CPU_REQUESTS, 20,000) at
 * 16 connections after a warm-up; the engine runs in memory in this process (it is not measured).
 */
const REQUESTS = Number(process.env.CPU_REQUESTS ?? '20000');
const TARGETS = (process.env.CPU_TARGETS ?? 'baseline,status,get,list').split(',');
const appDir = fileURLToPath(new URL('..', import.meta.url));
const tsxArgs = ['--import', 'tsx', '--conditions=@formwell/source'];

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
const { key, formIds } = await seedBenchData(mongoUri);
const { server, base } = await startBenchServer({
  mongoUri,
  redisUrl: redis.url,
  port: 20_000 + Math.floor(Math.random() * 20_000),
});
const stops = [() => mongo.stop(), () => redis.stop(), () => server.stop()];
try {
  const headers = { 'x-api-key': key };
  const formUrl = `${base}/api/v1/forms/${formIds[0] ?? ''}`;
  const formBytes = Buffer.byteLength(await (await fetch(formUrl, { headers })).text());
  const baseline = spawnProcess(
    process.execPath,
    [...tsxArgs, 'bench/baseline-server.ts', String(formBytes)],
    {
      cwd: appDir,
      env: process.env,
    },
  );
  stops.push(() => baseline.stop());
  const [, baselineBase] = await baseline.waitFor(/bench-baseline listening (http:\/\/\S+)/);
  const targets: Record<string, { pid: number; options: Omit<LoadOptions, 'durationSeconds'> }> = {
    baseline: { pid: baseline.child.pid ?? -1, options: { url: `${baselineBase}/baseline` } },
    status: { pid: server.child.pid ?? -1, options: { url: `${base}/api/v1/status` } },
    get: { pid: server.child.pid ?? -1, options: { url: formUrl, headers } },
    list: { pid: server.child.pid ?? -1, options: { url: `${base}/api/v1/forms/list?limit=10`, headers } },
    joined: {
      pid: server.child.pid ?? -1,
      options: { url: `${base}/api/v1/forms/${formIds[0] ?? ''}/users-joined`, headers },
    },
    submit: {
      pid: server.child.pid ?? -1,
      options: {
        url: `${base}/api/v1/forms/submit`,
        method: 'POST',
        headers: benchSubmitHeaders(key),
        body: benchSubmission(formIds[1]),
      },
    },
  };
  let baselineMs: number | undefined;
  console.log(`server CPU per request, ${REQUESTS} requests per target, 16 connections`);
  for (const name of TARGETS) {
    const target = targets[name];
    if (!target) {
      throw new Error(`unknown target ${name}`);
    }
    await load({ ...target.options, durationSeconds: 0, amount: Math.ceil(REQUESTS / 4), connections: 16 });
    const before = cpuTimes(target.pid);
    const callsBefore = syscallCounts(target.pid);
    const result = await load({ ...target.options, durationSeconds: 0, amount: REQUESTS, connections: 16 });
    const after = cpuTimes(target.pid);
    const callsAfter = syscallCounts(target.pid);
    const msPer = (seconds: number) => (seconds * 1000) / result.total;
    const ms = msPer(after.user + after.system - before.user - before.system);
    const split = `user ${msPer(after.user - before.user).toFixed(3)}, system ${msPer(after.system - before.system).toFixed(3)}`;
    const perRequest = (count: number) => (count / result.total).toFixed(2);
    const calls = `${perRequest(callsAfter.writes - callsBefore.writes)} writes, ${perRequest(callsAfter.reads - callsBefore.reads)} reads`;
    baselineMs ??= name === 'baseline' ? ms : undefined;
    const ratio = baselineMs ? ` (${(ms / baselineMs).toFixed(1)}x baseline)` : '';
    const failed = result.non2xx + result.errors;
    console.log(
      `${name.padEnd(9)} ${ms.toFixed(3)} ms/req${ratio} (${split}), ${result.requestsPerSecond.toFixed(0)} req/s, ${calls} per request${failed ? `, ${failed} FAILED` : ''}`,
    );
  }
} finally {
  for (const stop of stops.reverse()) {
    await stop().catch(() => undefined);
  }
}
