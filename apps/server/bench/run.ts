import { fileURLToPath } from 'node:url';

import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { answerOf } from './answer-of.js';
import { startBenchServer } from './bench-server.js';
import { freePort, startEngineProcess, track, type TEngineMode } from './engine-process.js';
import type { TFloorConfig } from './floor-server.js';
import { load, pacedLoad, type LoadOptions, type LoadResult } from './load.js';
import type { TPacedResult } from './paced-client.js';
import { cpuPressureMicroseconds, cpuSeconds, loadAverage } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';
import { spawnProcess } from './spawn-process.js';

/**
 * `pnpm bench`: the product (the real server, compiled, as `npm start` runs it) against the floor
 * of our own stack (bench/floor-server.ts: bare Fastify, the MongoDB driver and ioredis making the
 * same round trips), both against one embedded engine and one redis-server, each in its own
 * process, under autocannon. For each endpoint, product and floor run in turn, BENCH_ROUNDS times
 * (the order flips every round, so a change of the machine's load hits both alike), and the
 * medians are printed: req/s, the product/floor ratio, p50/p99, and the CPU time per request of
 * server, engine and Redis (from /proc/<pid>/stat around each run). Then MongoDB and Redis
 * commands per product request (counted over a fixed number of sequential requests) and the
 * header bytes of one answer of each. Last, each side of each endpoint at half its maximum rate
 * with an evenly paced open-loop client (bench/paced-client.ts): p50/p99 from each request's due
 * time, so coordinated omission is corrected, with the client's own lag beside them; a run whose
 * client did not keep its schedule is INVALID, not PASS or FAIL.
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_ROUNDS (2), BENCH_ENGINES (`durable`; also
 * `memory`), BENCH_PACED (`1`; `0` skips the half-rate runs), BENCH_TARGETS (`get,list,joined,submit`)
 * and BENCH_SERVER_NODE_ARGS (Node options of the product and the floor) change the run.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? '10');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? '16');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '2');
const ENGINES = (process.env.BENCH_ENGINES ?? 'durable').split(',') as TEngineMode[];
const PACED = process.env.BENCH_PACED !== '0';
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'get,list,joined,submit').split(','));
/** Sequential requests over which round trips are counted (other traffic is idle then). */
const COUNTED_REQUESTS = 50;
/** Requests the counting server answers before it counts (fills its key and form copies). */
const WARM_REQUESTS = 5;
/** The largest share of a paced run's p50 the client's own median lateness may take. */
const PACED_LAG_SHARE = 0.25;
/** Node's timers fire on whole milliseconds: a median lag under one is the clock's grain. */
const TIMER_GRAIN_MS = 1;
/** The tail target at half rate: p99 ≤ TAIL_RATIO × p50. */
const TAIL_RATIO = 3;
const appDir = fileURLToPath(new URL('..', import.meta.url));
const tsxArgs = ['--import', 'tsx', '--conditions=@formwell/source'];
/** Node options for the product and the floor alike (e.g. `--trace-gc`, or `--import` of a probe). */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

type TSide = 'product' | 'floor';
type TRequest = Omit<LoadOptions, 'durationSeconds' | 'url'> & { path: string };
type TTarget = { key: string; name: string; request: TRequest };
/** CPU milliseconds per answered request, by process. */
type TCpu = { server: number; engine: number; redis: number };
type TRun = LoadResult & { cpu: TCpu };
/** A paced run and the share of it during which the machine was short of CPU (0–1). */
type TPaced = TPacedResult & { pressure: number };
type TRow = {
  name: string;
  runs: Record<TSide, TRun[]>;
  headerBytes?: Record<TSide, number>;
  /** Evenly paced at half the side's median maximum rate. */
  paced?: Record<TSide, TPaced>;
  mongoPerRequest?: number;
  redisPerRequest?: number;
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
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
  const failed = rowsByMode
    .flatMap(([, rows]) => rows)
    .flatMap((row) => [
      ...[...row.runs.product, ...row.runs.floor].map((result) => result.non2xx + result.errors),
      ...(row.paced ? [row.paced.product.failed, row.paced.floor.failed] : []),
    ])
    .reduce((sum, count) => sum + count, 0);
  if (failed > 0) {
    throw new Error(`${failed} requests failed: the figures are not valid`);
  }
}

async function benchOneEngine(mode: TEngineMode): Promise<TRow[]> {
  const local: (() => Promise<void>)[] = [];
  try {
    const redis = await startRedisServer();
    local.push(() => redis.stop());
    const { engine, engineUri } = await startEngineProcess(mode, local);
    const mongoUri = `${engineUri.replace(/\/$/, '')}/formwell_bench`;
    const { key, userId, formIds } = await seedBenchData(mongoUri);

    // Configured as production runs (no command monitoring); round trips are counted afterwards on a
    // second server of the same configuration plus monitoring (roundTrips).
    const serverOptions = { mongoUri, redisUrl: redis.url };
    const { server, base } = await startBenchServer({
      ...serverOptions,
      port: await freePort(),
      nodeArgs: serverNodeArgs,
    });
    track(local, server);
    const headers = { 'x-api-key': key };
    const allTargets: TTarget[] = [
      {
        key: 'get',
        name: 'GET /api/v1/forms/{id}',
        request: { path: `/api/v1/forms/${formIds[0] ?? ''}`, headers },
      },
      {
        key: 'list',
        name: 'GET /api/v1/forms/list',
        request: { path: '/api/v1/forms/list?limit=10', headers },
      },
      {
        key: 'joined',
        name: 'GET /api/v1/forms/{id}/users-joined',
        request: { path: `/api/v1/forms/${formIds[0] ?? ''}/users-joined`, headers },
      },
      {
        key: 'submit',
        name: 'POST /api/v1/forms/submit',
        request: {
          path: '/api/v1/forms/submit',
          method: 'POST',
          headers: benchSubmitHeaders(key),
          body: benchSubmission(formIds[1]),
        },
      },
    ];
    const sizes = await Promise.all(
      allTargets.map((target) => answerOf(`${base}${target.request.path}`, target.request)),
    );
    const [get, list, usersJoined, submit] = sizes.map((answer) => answer.bodyBytes);
    const targets = allTargets.filter((target) => TARGETS.has(target.key));
    const floorConfig: TFloorConfig = {
      mongoUri,
      redisUrl: redis.url,
      key,
      userId,
      sizes: { get: get ?? 0, list: list ?? 0, usersJoined: usersJoined ?? 0, submit: submit ?? 0 },
    };
    const floorServer = track(
      local,
      spawnProcess(
        process.execPath,
        [...serverNodeArgs, ...tsxArgs, 'bench/floor-server.ts', JSON.stringify(floorConfig)],
        {
          cwd: appDir,
          env: process.env,
        },
      ),
    );
    const [, floorBase = ''] = await floorServer.waitFor(/bench-floor listening (http:\/\/\S+)/);
    const bases: Record<TSide, string> = { product: base, floor: floorBase };
    const pids = {
      product: server.child.pid ?? -1,
      floor: floorServer.child.pid ?? -1,
      engine: engine.child.pid ?? -1,
      redis: redis.pid,
    };
    const rows: TRow[] = [];
    for (const target of targets) {
      const [productAnswer, floorAnswer] = [
        await answerOf(`${base}${target.request.path}`, target.request),
        await answerOf(`${floorBase}${target.request.path}`, target.request),
      ];
      rows.push({
        name: target.name,
        runs: { product: [], floor: [] },
        headerBytes: { product: productAnswer.headerBytes, floor: floorAnswer.headerBytes },
      });
    }

    console.log(
      `formwell bench (${mode} engine): ${SECONDS}s per run, ${CONNECTIONS} connections, ${ROUNDS} rounds, ` +
        `body bytes GET ${get} list ${list} users-joined ${usersJoined} submit ${submit}, load average ${loadAverage()}`,
    );
    for (const side of ['product', 'floor'] as const) {
      // Warm-up (JIT, pools, copies).
      await load({
        ...targets[0]?.request,
        url: `${bases[side]}${targets[0]?.request.path ?? ''}`,
        durationSeconds: 3,
      });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order: TSide[] = round % 2 === 0 ? ['product', 'floor'] : ['floor', 'product'];
      for (const [index, target] of targets.entries()) {
        for (const side of order) {
          const serverPid = side === 'product' ? pids.product : pids.floor;
          const before = cpuOf(serverPid, pids);
          const result = await load({
            ...target.request,
            url: `${bases[side]}${target.request.path}`,
            durationSeconds: SECONDS,
            connections: CONNECTIONS,
          });
          const cpu = perRequest(cpuOf(serverPid, pids), before, result.total);
          rows[index]?.runs[side].push({ ...result, cpu });
          console.log(
            `round ${round + 1} ${side.padEnd(7)} ${target.name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s, ` +
              `cpu ms/req ${formatCpu(cpu)}, load average ${loadAverage()}`,
          );
        }
      }
    }
    for (const [index, target] of targets.entries()) {
      const row = rows[index];
      if (!PACED || !row) {
        continue;
      }
      const paced = {} as Record<TSide, TPaced>;
      for (const side of ['product', 'floor'] as const) {
        const rate = Math.max(1, Math.floor(medians(row.runs[side]).requestsPerSecond / 2));
        const pressureBefore = cpuPressureMicroseconds();
        const startedAt = performance.now();
        const result = await pacedLoad({
          ...target.request,
          url: `${bases[side]}${target.request.path}`,
          rate,
          durationSeconds: SECONDS,
          connections: CONNECTIONS,
        });
        const pressure =
          (cpuPressureMicroseconds() - pressureBefore) / 1000 / (performance.now() - startedAt);
        paced[side] = { ...result, pressure };
        const { p50, p99, max, lag, served, cpuPerRequest } = paced[side];
        console.log(
          `paced   ${side.padEnd(7)} ${target.name.padEnd(38)} ${String(rate).padStart(6)} req/s, ` +
            `p50/p99/max ${p50}/${p99}/${max} ms, client lag p50/p99/max ${lag.p50}/${lag.p99}/${lag.max} ms ` +
            `(less it p50/p99 ${served.p50}/${served.p99} ms), ` +
            `client cpu ${cpuPerRequest.toFixed(3)} ms/req${pacedValid(paced[side]) ? '' : ' (INVALID: the client did not keep its schedule)'}, ` +
            `cpu pressure ${(pressure * 100).toFixed(0)} %, load average ${loadAverage()}`,
        );
      }
      row.paced = paced;
    }
    const counting = await startBenchServer({
      ...serverOptions,
      mongoUri: `${mongoUri}?monitorCommands=true`,
      port: await freePort(),
    });
    track(local, counting.server);
    for (const [index, target] of targets.entries()) {
      Object.assign(rows[index] ?? {}, await roundTrips(counting.base, target.request));
    }

    return rows;
  } finally {
    for (const stop of local.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

/** One answer of `base` to `request`: its body's bytes and its header bytes as sent on the wire. */
/**
 * MongoDB and Redis commands per request, over COUNTED_REQUESTS sequential requests sent to the
 * counting server (the product with command monitoring). WARM_REQUESTS go first, so its
 * per-process copies (key, form) are as warm as the loaded server's: the figure is the steady
 * state of a request.
 */
async function roundTrips(countingBase: string, request: TRequest) {
  const sent = async () =>
    (await (await fetch(`${countingBase}/__bench/round-trips`)).json()) as { mongo: number; redis: number };
  for (let index = 0; index < WARM_REQUESTS; index++) {
    await answerOf(`${countingBase}${request.path}`, request);
  }
  const before = await sent();
  for (let index = 0; index < COUNTED_REQUESTS; index++) {
    await answerOf(`${countingBase}${request.path}`, request);
  }
  const after = await sent();

  return {
    mongoPerRequest: (after.mongo - before.mongo) / COUNTED_REQUESTS,
    redisPerRequest: (after.redis - before.redis) / COUNTED_REQUESTS,
  };
}

function cpuOf(serverPid: number, pids: { engine: number; redis: number }): TCpu {
  return { server: cpuSeconds(serverPid), engine: cpuSeconds(pids.engine), redis: cpuSeconds(pids.redis) };
}

/** CPU milliseconds per request of each process over a run that answered `requests`. */
function perRequest(after: TCpu, before: TCpu, requests: number): TCpu {
  const per = (name: keyof TCpu) => ((after[name] - before[name]) * 1000) / Math.max(1, requests);

  return { server: per('server'), engine: per('engine'), redis: per('redis') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);

  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The medians over the rounds of one side of a row. */
function medians(runs: TRun[]) {
  const of = (pick: (run: TRun) => number) => median(runs.map(pick));

  return {
    requestsPerSecond: of((run) => run.requestsPerSecond),
    p50: of((run) => run.p50),
    p99: of((run) => run.p99),
    cpu: {
      server: of((run) => run.cpu.server),
      engine: of((run) => run.cpu.engine),
      redis: of((run) => run.cpu.redis),
    },
  };
}

function formatCpu(cpu: TCpu): string {
  return `${cpu.server.toFixed(3)}/${cpu.engine.toFixed(3)}/${cpu.redis.toFixed(3)}`;
}

function printTable(mode: TEngineMode, rows: TRow[]) {
  console.log(`\n${mode} engine: product / floor, medians of ${ROUNDS} alternating rounds`);
  console.log(
    [
      'endpoint'.padEnd(38),
      'req/s'.padStart(13),
      'ratio'.padStart(6),
      'p50/p99 product'.padStart(16),
      'p50/p99 floor'.padStart(14),
      'server ms/req'.padStart(14),
      'engine ms/req'.padStart(14),
      'redis ms/req'.padStart(14),
      'total cpu'.padStart(10),
      'half-rate p50/p99 product'.padStart(25),
      'floor'.padStart(12),
      'headers B'.padStart(10),
      'mongo+redis'.padStart(12),
    ].join(' '),
  );
  for (const row of rows) {
    const product = medians(row.runs.product);
    const floor = medians(row.runs.floor);
    const pair = (p: number, f: number, digits: number) => `${p.toFixed(digits)}/${f.toFixed(digits)}`;
    const total = (cpu: TCpu) => cpu.server + cpu.engine + cpu.redis;
    console.log(
      [
        row.name.padEnd(38),
        pair(product.requestsPerSecond, floor.requestsPerSecond, 0).padStart(13),
        `${((product.requestsPerSecond / floor.requestsPerSecond) * 100).toFixed(0)}%`.padStart(6),
        `${product.p50}/${product.p99}`.padStart(16),
        `${floor.p50}/${floor.p99}`.padStart(14),
        pair(product.cpu.server, floor.cpu.server, 3).padStart(14),
        pair(product.cpu.engine, floor.cpu.engine, 3).padStart(14),
        pair(product.cpu.redis, floor.cpu.redis, 3).padStart(14),
        `${(total(product.cpu) / total(floor.cpu)).toFixed(2)}x`.padStart(10),
        (row.paced ? formatPaced(row.paced.product) : '-').padStart(25),
        (row.paced ? formatPaced(row.paced.floor) : '-').padStart(12),
        (row.headerBytes ? `${row.headerBytes.product}/${row.headerBytes.floor}` : '-').padStart(10),
        `${row.mongoPerRequest?.toFixed(2) ?? '-'}+${row.redisPerRequest?.toFixed(2) ?? '-'}`.padStart(12),
      ].join(' '),
    );
  }
  console.log(
    '(ms; cpu = user + system ms per answered request; total cpu = product/floor of server + engine + Redis; ' +
      `round trips of the product over ${COUNTED_REQUESTS} sequential requests; ` +
      'half-rate figures marked ! are invalid: the paced client did not keep its schedule)',
  );
}

/** The tail target: p99 ≤ 3 × p50 at half rate. */
function tailMet(p50: number, p99: number): boolean {
  return p99 <= TAIL_RATIO * p50;
}

/**
 * Whether a paced run measured the server rather than its client. Every latency counts from the
 * request's due time, so the client's own lateness (its timer's grain, or the client waiting for a
 * core) is inside every figure. The client kept its schedule when its median lag is within a timer
 * tick or a small share of the median latency (a client behind by a second makes a
 * p50 of its own backlog and so a p99 "≤ 3 × p50"), and its p99 lag within the target's margin
 * (p99 − p50 may reach (3 − 1) × p50: a client late by more than that on 1 % of its requests could
 * alone fail the run, which is what a machine short of cores does). And the latencies less the
 * client's lag (served) must reach the same verdict.
 */
function pacedValid({ p50, p99, lag, served }: TPacedResult): boolean {
  return (
    lag.p50 <= Math.max(TIMER_GRAIN_MS, PACED_LAG_SHARE * p50) &&
    lag.p99 <= (TAIL_RATIO - 1) * p50 &&
    tailMet(p50, p99) === tailMet(served.p50, served.p99)
  );
}

function formatPaced(paced: TPacedResult): string {
  return `${paced.p50}/${paced.p99}${pacedValid(paced) ? '' : '!'}`;
}

/** The targets, judged on the first engine's run (durable: what users run). */
function printTargets(rowsByMode: [TEngineMode, TRow[]][]) {
  const [mode, rows] = rowsByMode[0] ?? ['durable', []];
  const row = (name: string) => rows.find((candidate) => candidate.name === name);
  const ratio = (name: string) => {
    const found = row(name);

    return found
      ? medians(found.runs.product).requestsPerSecond / medians(found.runs.floor).requestsPerSecond
      : 0;
  };
  const submit = row('POST /api/v1/forms/submit');
  const totalCpu = (runs: TRun[]) => {
    const { cpu } = medians(runs);

    return cpu.server + cpu.engine + cpu.redis;
  };
  // [target, endpoint it needs, met]: a target whose endpoint was not run (BENCH_TARGETS) is left out.
  const targets: [string, string, boolean | 'invalid'][] = [
    ['GET form ≥ 85 % of the floor', 'GET /api/v1/forms/{id}', ratio('GET /api/v1/forms/{id}') >= 0.85],
    ['list ≥ 85 % of the floor', 'GET /api/v1/forms/list', ratio('GET /api/v1/forms/list') >= 0.85],
    [
      'users-joined ≥ 85 % of the floor',
      'GET /api/v1/forms/{id}/users-joined',
      ratio('GET /api/v1/forms/{id}/users-joined') >= 0.85,
    ],
    ['submit ≥ 60 % of the floor', 'POST /api/v1/forms/submit', ratio('POST /api/v1/forms/submit') >= 0.6],
    [
      'CPU per submit (server + engine + Redis) ≤ 1.8 × the floor',
      'POST /api/v1/forms/submit',
      submit !== undefined && totalCpu(submit.runs.product) <= 1.8 * totalCpu(submit.runs.floor),
    ],
    ...rows.flatMap((candidate): [string, string, boolean | 'invalid'][] => {
      const paced = candidate.paced?.product;

      return paced
        ? [
            [
              `${candidate.name}: p99 ≤ 3 × p50 at half rate (paced; p50 ${paced.p50} ms, p99 ${paced.p99} ms, ` +
                `client lag p50/p99 ${paced.lag.p50}/${paced.lag.p99} ms, cpu pressure ${(paced.pressure * 100).toFixed(0)} %)`,
              candidate.name,
              pacedValid(paced) ? tailMet(paced.p50, paced.p99) : 'invalid',
            ],
          ]
        : [];
    }),
  ];
  console.log(`\ntargets (${mode} engine)`);
  for (const [name, endpoint, ok] of targets) {
    if (row(endpoint)) {
      console.log(`${ok === 'invalid' ? 'INVALID' : ok ? 'PASS' : 'FAIL'}  ${name}`);
    }
  }
}

await main();
