import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { load, type LoadResult } from './load.js';
import { seedBenchData } from './seed.js';
import { spawnProcess, type Spawned } from './spawn-process.js';

/**
 * `pnpm bench`: the real server (embedded engine + redis-server) under autocannon, each in its own
 * process, next to a bare Fastify route returning a body of the same size. Prints req/s, p50/p99,
 * the ratio to the baseline, and p99 at half the measured maximum rate. About two minutes.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '16');
const appDir = fileURLToPath(new URL('..', import.meta.url));
const tsxArgs = ['--import', 'tsx', '--conditions=@formwell/source'];

const stoppers: (() => Promise<void>)[] = [];

async function main() {
  const started = Date.now();
  const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
  stoppers.push(
    () => redis.stop(),
    () => mongo.stop(),
  );
  const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
  const { key, formIds } = await seedBenchData(mongoUri);

  const server = track(
    spawnProcess(process.execPath, [...tsxArgs, 'bench/server-entry.ts'], {
      cwd: appDir,
      env: {
        PATH: process.env.PATH ?? '',
        MONGODB_URI: mongoUri,
        REDIS_URL: redis.url,
        // A concrete port: @formwell/core's config refuses PORT=0 (reported; see the bench notes).
        PORT: String(await freePort()),
        // Request logs off: the baseline logs nothing either, and stdout is a pipe here.
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // Production refuses a plain-http public URL; the bench still talks plain http to 127.0.0.1.
        PUBLIC_URL: 'https://bench.formwell.invalid',
      },
    }),
  );
  const [, base] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);
  const headers = { 'x-api-key': key };
  const formUrl = `${base}/api/v1/forms/${formIds[0] ?? ''}`;
  const probe = await fetch(formUrl, { headers });
  if (probe.status !== 200) {
    throw new Error(`GET form answered ${probe.status}: ${await probe.text()}`);
  }
  const formBytes = Buffer.byteLength(await probe.text());

  const baselineServer = track(
    spawnProcess(process.execPath, [...tsxArgs, 'bench/baseline-server.ts', String(formBytes)], {
      cwd: appDir,
      env: process.env,
    }),
  );
  const [, baselineBase] = await baselineServer.waitFor(/bench-baseline listening (http:\/\/\S+)/);

  const submitBody = JSON.stringify({
    formId: formIds[1],
    data: {
      email: 'visitor@example.com',
      name: 'A visitor',
      message: 'Hello from the bench',
      topic: 'sales',
    },
  });
  const submit = {
    url: `${base}/api/v1/forms/submit`,
    method: 'POST' as const,
    headers: { ...headers, 'content-type': 'application/json' },
    body: submitBody,
  };

  const submitProbe = await fetch(submit.url, { method: 'POST', headers: submit.headers, body: submit.body });
  if (submitProbe.status >= 300) {
    throw new Error(`submit answered ${submitProbe.status}: ${await submitProbe.text()}`);
  }

  console.log(
    `formwell bench: ${SECONDS}s per run, ${CONNECTIONS} connections, GET form body ${formBytes} bytes`,
  );
  await load({ url: formUrl, headers, durationSeconds: 3, connections: CONNECTIONS }); // warm-up (JIT, pools)

  const measured: [string, LoadResult][] = [];
  const measure = async (name: string, options: Parameters<typeof load>[0]) => {
    const result = await load(options);
    measured.push([name, result]);

    return result;
  };
  const baseline = await measure('baseline (bare Fastify, same body size)', {
    url: `${baselineBase}/baseline`,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
  });
  // The router and error-body stack with no key, no rate limit and no database: the ceiling of /api/v1.
  await measure('GET /api/v1/status (no auth, no database)', {
    url: `${base}/api/v1/status`,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
  });
  const getForm = await measure('GET /api/v1/forms/{id}', {
    url: formUrl,
    headers,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
  });
  await measure('GET /api/v1/forms/list', {
    url: `${base}/api/v1/forms/list?limit=10`,
    headers,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
  });
  const submitMax = await measure('POST /api/v1/forms/submit', {
    ...submit,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
  });
  const getFormHalf = await measure('GET /api/v1/forms/{id} at half max rate', {
    url: formUrl,
    headers,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
    rate: Math.max(1, Math.floor(getForm.requestsPerSecond / 2)),
  });
  const submitHalf = await measure('POST /api/v1/forms/submit at half max rate', {
    ...submit,
    durationSeconds: SECONDS,
    connections: CONNECTIONS,
    rate: Math.max(1, Math.floor(submitMax.requestsPerSecond / 2)),
  });

  console.log('');
  console.log(
    [
      'run'.padEnd(46),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'ratio'.padStart(7),
      'non-2xx'.padStart(8),
    ].join(' '),
  );
  for (const [name, result] of measured) {
    const ratio = `${((result.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`;
    console.log(
      [
        name.padEnd(46),
        result.requestsPerSecond.toFixed(0).padStart(9),
        String(result.p50).padStart(8),
        String(result.p99).padStart(8),
        ratio.padStart(7),
        String(result.non2xx + result.errors).padStart(8),
      ].join(' '),
    );
  }
  const targets = [
    ['GET form ≥ 25 % of baseline', getForm.requestsPerSecond >= 0.25 * baseline.requestsPerSecond],
    ['submit ≥ 10 % of baseline', submitMax.requestsPerSecond >= 0.1 * baseline.requestsPerSecond],
    ['GET form p99 < 50 ms at half max', getFormHalf.p99 < 50],
    ['submit p99 < 50 ms at half max', submitHalf.p99 < 50],
  ] as const;
  console.log('');
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  }
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const failedRequests = measured.reduce((sum, [, result]) => sum + result.non2xx + result.errors, 0);
  if (failedRequests > 0) {
    throw new Error(`${failedRequests} requests failed: the figures are not valid`);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));

  return port;
}

function track(spawned: Spawned): Spawned {
  stoppers.push(() => spawned.stop());

  return spawned;
}

try {
  await main();
} finally {
  for (const stop of stoppers.reverse()) {
    await stop().catch(() => undefined);
  }
}
