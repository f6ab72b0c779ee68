import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { load, type LoadOptions, type LoadResult } from './load.js';
import { cpuSeconds } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';
import { startBenchServer } from './bench-server.js';
import { spawnProcess, type Spawned } from './spawn-process.js';

/**
 * `pnpm bench`: the real server, the embedded engine and redis-server, each in its own process,
 * under autocannon, next to a bare Fastify route returning a body of the same size. The engine runs
 * durable first (journal and fsync, as `npm start` runs it), then in memory. For each run: req/s,
 * p50/p99 at the maximum rate and at half of it, the ratio to the baseline, MongoDB commands and
 * Redis commands per request (counted over a fixed number of sequential requests), and the CPU each
 * of server, engine and Redis used during the maximum-rate run.
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_ENGINES (`durable,memory`) change the run.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '16');
const ENGINES = (process.env.BENCH_ENGINES ?? 'durable,memory').split(',') as TEngineMode[];
/** Sequential requests over which round trips are counted (other traffic is idle then). */
const COUNTED_REQUESTS = 50;
/** Requests the counting server answers before it counts (fills its key and form copies). */
const WARM_REQUESTS = 5;
const appDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsxArgs = ['--import', 'tsx', '--conditions=@formwell/source'];

type TEngineMode = 'durable' | 'memory';
type TTarget = { name: string; options: Omit<LoadOptions, 'durationSeconds'> };
type TRow = {
  name: string;
  max: LoadResult;
  half?: LoadResult;
  mongoPerRequest?: number;
  redisPerRequest?: number;
  cpu?: { server: number; engine: number; redis: number };
};

async function main() {
  const started = Date.now();
  const rowsByMode: [TEngineMode, TRow[]][] = [];
  for (const mode of ENGINES) {
    rowsByMode.push([mode, await benchOneEngine(mode)]);
  }
  for (const [mode, rows] of rowsByMode) {
    printTable(mode, rows);
  }
  printTargets(rowsByMode);
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const failed = rowsByMode
    .flatMap(([, rows]) => rows)
    .flatMap((row) => [row.max, row.half])
    .reduce((sum, result) => sum + (result ? result.non2xx + result.errors : 0), 0);
  if (failed > 0) {
    throw new Error(`${failed} requests failed: the figures are not valid`);
  }
}

async function benchOneEngine(mode: TEngineMode): Promise<TRow[]> {
  const local: (() => Promise<void>)[] = [];
  try {
    const redis = await startRedisServer();
    local.push(() => redis.stop());
    const dataDir = mode === 'durable' ? mkdtempSync(join(tmpdir(), 'formwell-bench-')) : undefined;
    if (dataDir) {
      local.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
    }
    const engine = track(
      local,
      spawnProcess(
        process.execPath,
        [
          ...tsxArgs,
          'src/cli.ts',
          '--port',
          String(await freePort()),
          ...(dataDir ? ['--dbpath', dataDir] : []),
        ],
        { cwd: join(repoRoot, 'packages/embedded-mongo'), env: process.env },
      ),
    );
    const [engineUri] = await engine.waitFor(/mongodb:\/\/\S+/, 60_000);
    const mongoUri = `${engineUri.replace(/\/$/, '')}/formwell_bench`;
    const { key, formIds } = await seedBenchData(mongoUri);

    // Configured as production runs (no command monitoring); round trips are counted afterwards on a
    // second server of the same configuration plus monitoring (roundTrips).
    const serverOptions = { mongoUri, redisUrl: redis.url };
    const { server, base } = await startBenchServer({ ...serverOptions, port: await freePort() });
    track(local, server);
    const headers = { 'x-api-key': key };
    const formUrl = `${base}/api/v1/forms/${formIds[0] ?? ''}`;
    const probe = await fetch(formUrl, { headers });
    if (probe.status !== 200) {
      throw new Error(`GET form answered ${probe.status}: ${await probe.text()}`);
    }
    const formBytes = Buffer.byteLength(await probe.text());
    const baselineServer = track(
      local,
      spawnProcess(process.execPath, [...tsxArgs, 'bench/baseline-server.ts', String(formBytes)], {
        cwd: appDir,
        env: process.env,
      }),
    );
    const [, baselineBase] = await baselineServer.waitFor(/bench-baseline listening (http:\/\/\S+)/);
    const submit: TTarget['options'] = {
      url: `${base}/api/v1/forms/submit`,
      method: 'POST',
      headers: benchSubmitHeaders(key),
      body: benchSubmission(formIds[1]),
    };
    const targets: TTarget[] = [
      { name: 'baseline (bare Fastify, same body size)', options: { url: `${baselineBase}/baseline` } },
      // The router and error-body stack with no key, no rate limit and no database: the ceiling of /api/v1.
      { name: 'GET /api/v1/status (no auth, no database)', options: { url: `${base}/api/v1/status` } },
      { name: 'GET /api/v1/forms/{id}', options: { url: formUrl, headers } },
      { name: 'GET /api/v1/forms/list', options: { url: `${base}/api/v1/forms/list?limit=10`, headers } },
      { name: 'POST /api/v1/forms/submit', options: submit },
    ];

    console.log(
      `formwell bench (${mode} engine): ${SECONDS}s per run, ${CONNECTIONS} connections, GET form body ${formBytes} bytes`,
    );
    await load({ url: formUrl, headers, durationSeconds: 3, connections: CONNECTIONS }); // warm-up (JIT, pools)
    const pids = { server: server.child.pid ?? -1, engine: engine.child.pid ?? -1, redis: redis.pid };
    const rows: TRow[] = [];
    for (const [index, target] of targets.entries()) {
      const isBaseline = index === 0;
      const cpuBefore = isBaseline ? undefined : cpuOf(pids);
      const max = await load({ ...target.options, durationSeconds: SECONDS, connections: CONNECTIONS });
      const cpu = cpuBefore && diffCpu(cpuOf(pids), cpuBefore, max.durationSeconds);
      const half = await load({
        ...target.options,
        durationSeconds: SECONDS,
        connections: CONNECTIONS,
        rate: Math.max(1, Math.floor(max.requestsPerSecond / 2)),
      });
      rows.push({ name: target.name, max, half, cpu });
    }
    const counting = await startBenchServer({
      ...serverOptions,
      mongoUri: `${mongoUri}?monitorCommands=true`,
      port: await freePort(),
    });
    track(local, counting.server);
    for (const [index, target] of targets.entries()) {
      const row = rows[index];
      if (index > 0 && row) {
        Object.assign(row, await roundTrips(counting.base, base, target.options));
      }
    }

    return rows;
  } finally {
    for (const stop of local.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

/**
 * MongoDB and Redis commands per request, over COUNTED_REQUESTS sequential requests sent to the
 * counting server (`countingBase`, the same server with command monitoring) in place of the loaded
 * one (`loadedBase`). WARM_REQUESTS go first, so its per-process copies (key, form) are as warm as
 * the loaded server's: the figure is the steady state of a request.
 */
async function roundTrips(countingBase: string, loadedBase: string, options: TTarget['options']) {
  const sent = async () =>
    (await (await fetch(`${countingBase}/__bench/round-trips`)).json()) as { mongo: number; redis: number };
  const send = async () => {
    const response = await fetch(options.url.replace(loadedBase, countingBase), {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
    });
    await response.arrayBuffer();
    if (!response.ok) {
      throw new Error(`${options.url} answered ${response.status} on the counting server`);
    }
  };
  for (let index = 0; index < WARM_REQUESTS; index++) {
    await send();
  }
  const before = await sent();
  for (let index = 0; index < COUNTED_REQUESTS; index++) {
    await send();
  }
  const after = await sent();

  return {
    mongoPerRequest: (after.mongo - before.mongo) / COUNTED_REQUESTS,
    redisPerRequest: (after.redis - before.redis) / COUNTED_REQUESTS,
  };
}

function cpuOf(pids: { server: number; engine: number; redis: number }) {
  return { server: cpuSeconds(pids.server), engine: cpuSeconds(pids.engine), redis: cpuSeconds(pids.redis) };
}

/** CPU used during the run, in cores (1.0 = one core busy all the time). */
function diffCpu(after: ReturnType<typeof cpuOf>, before: ReturnType<typeof cpuOf>, seconds: number) {
  return {
    server: (after.server - before.server) / seconds,
    engine: (after.engine - before.engine) / seconds,
    redis: (after.redis - before.redis) / seconds,
  };
}

function printTable(mode: TEngineMode, rows: TRow[]) {
  const baseline = rows[0]?.max.requestsPerSecond ?? Number.NaN;
  console.log(`\n${mode} engine`);
  console.log(
    [
      'run'.padEnd(42),
      'req/s'.padStart(7),
      'ratio'.padStart(7),
      'p50/p99 max'.padStart(12),
      'p50/p99 half'.padStart(13),
      'mongo/req'.padStart(10),
      'redis/req'.padStart(10),
      'cpu srv/eng/redis'.padStart(18),
      'non-2xx'.padStart(8),
    ].join(' '),
  );
  for (const row of rows) {
    const cpu = row.cpu
      ? `${row.cpu.server.toFixed(2)}/${row.cpu.engine.toFixed(2)}/${row.cpu.redis.toFixed(2)}`
      : '-';
    console.log(
      [
        row.name.padEnd(42),
        row.max.requestsPerSecond.toFixed(0).padStart(7),
        `${((row.max.requestsPerSecond / baseline) * 100).toFixed(1)}%`.padStart(7),
        `${row.max.p50}/${row.max.p99}`.padStart(12),
        (row.half ? `${row.half.p50}/${row.half.p99}` : '-').padStart(13),
        (row.mongoPerRequest?.toFixed(2) ?? '-').padStart(10),
        (row.redisPerRequest?.toFixed(2) ?? '-').padStart(10),
        cpu.padStart(18),
        String(row.max.non2xx + row.max.errors + (row.half ? row.half.non2xx + row.half.errors : 0)).padStart(
          8,
        ),
      ].join(' '),
    );
  }
  console.log('(ms; cpu in cores used during the max-rate run; round trips over 50 sequential requests)');
}

/** The targets, judged on the durable engine's run (what users run). */
function printTargets(rowsByMode: [TEngineMode, TRow[]][]) {
  const [mode, rows] = rowsByMode[0] ?? ['durable', []];
  const baseline = rows[0]?.max.requestsPerSecond ?? Number.NaN;
  const ratio = (name: string) =>
    (rows.find((row) => row.name.startsWith(name))?.max.requestsPerSecond ?? 0) / baseline;
  const targets: [string, boolean][] = [
    ['bare adapter path (GET /status) ≥ 40 %', ratio('GET /api/v1/status') >= 0.4],
    ['GET form ≥ 15 %', ratio('GET /api/v1/forms/{id}') >= 0.15],
    ['list ≥ 12 %', ratio('GET /api/v1/forms/list') >= 0.12],
    ['submit ≥ 6 %', ratio('POST /api/v1/forms/submit') >= 0.06],
    ...rows
      .slice(1)
      .map((row): [string, boolean] => [
        `${row.name}: p99 at half rate ≤ 3 × p50`,
        row.half !== undefined && row.half.p99 <= 3 * row.half.p50,
      ]),
  ];
  console.log(`\ntargets (${mode} engine, ratios to bare Fastify)`);
  for (const [name, ok] of targets) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));

  return port;
}

function track(list: (() => Promise<void>)[], spawned: Spawned): Spawned {
  list.push(() => spawned.stop());

  return spawned;
}

await main();
