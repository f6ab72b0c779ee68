import { fileURLToPath } from 'node:url';

import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { freePort, startEngineProcess, track } from './engine-process.js';
import { load, type LoadOptions } from './load.js';
import { cpuSeconds, loadAverage } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';
import { spawnProcess, type Spawned } from './spawn-process.js';

/**
 * `pnpm bench:ab`: two builds of the product side by side, against one durable engine and one
 * redis-server, to weigh a change to the request path on a machine other work keeps busy: A is
 * this checkout's server, B the one in AB_OTHER_DIR (another checkout's `apps/server`, built;
 * this one's when unset), each with its own Node options (AB_NODE_ARGS_A, AB_NODE_ARGS_B: e.g. a
 * young-generation size). Per endpoint (AB_TARGETS, `get,list,joined`) and round (AB_ROUNDS, 4; targets `get`, `list`, `joined`, `status`, `submit`;
 * A first in even rounds, B first in odd ones, so a change of the machine's load hits both
 * alike; with AB_TOGETHER=1 both at once, 8 connections each), AB_REQUESTS (20,000) requests at 16
 * connections, and each server's CPU per request
 * (user + system from /proc, which a busy machine moves far less than req/s). Prints every run,
 * then per endpoint the medians and B's CPU per request over A's. Both servers must be built
 * (`pnpm turbo run build --filter=@formwell/server` in each checkout).
 */
const REQUESTS = Number(process.env.AB_REQUESTS ?? '20000');
const ROUNDS = Number(process.env.AB_ROUNDS ?? '4');
const TARGETS = (process.env.AB_TARGETS ?? 'get,list,joined').split(',');
/** AB_TOGETHER=1: A and B loaded at the same time (8 connections each), so both meet the same machine. */
const TOGETHER = process.env.AB_TOGETHER === '1';
const appDir = fileURLToPath(new URL('..', import.meta.url));
const sides = {
  A: { dir: appDir, nodeArgs: words(process.env.AB_NODE_ARGS_A) },
  B: { dir: process.env.AB_OTHER_DIR ?? appDir, nodeArgs: words(process.env.AB_NODE_ARGS_B) },
};
type TSide = keyof typeof sides;

function words(value: string | undefined): string[] {
  return (value ?? '').split(' ').filter(Boolean);
}

/** One product server (that checkout's bench/server-entry.ts, compiled), as the bench starts it. */
async function startProduct(side: TSide, mongoUri: string, redisUrl: string): Promise<Spawned> {
  const { dir, nodeArgs } = sides[side];
  const server = spawnProcess(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/server-entry.ts'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: mongoUri,
      REDIS_URL: redisUrl,
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bench.formwell.invalid',
    },
  });
  await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);

  return server;
}

const local: (() => Promise<void>)[] = [];
try {
  const redis = await startRedisServer();
  local.push(() => redis.stop());
  const { engineUri } = await startEngineProcess('durable', local);
  const mongoUri = `${engineUri.replace(/\/$/, '')}/formwell_bench`;
  const { key, formIds } = await seedBenchData(mongoUri);
  const servers = {
    A: track(local, await startProduct('A', mongoUri, redis.url)),
    B: track(local, await startProduct('B', mongoUri, redis.url)),
  };
  const base = async (side: TSide) =>
    (await servers[side].waitFor(/bench-server listening (http:\/\/\S+)/))[1] ?? '';
  const headers = { 'x-api-key': key };
  const requests: Record<string, Pick<LoadOptions, 'method' | 'headers' | 'body'> & { path: string }> = {
    get: { path: `/api/v1/forms/${formIds[0] ?? ''}`, headers },
    list: { path: '/api/v1/forms/list?limit=10', headers },
    joined: { path: `/api/v1/forms/${formIds[0] ?? ''}/users-joined`, headers },
    status: { path: '/api/v1/status', headers },
    // Both sides submit to the one form (the bench's), so both meet the same counter documents.
    submit: {
      path: '/api/v1/forms/submit',
      method: 'POST',
      headers: benchSubmitHeaders(key),
      body: benchSubmission(formIds[1]),
    },
  };
  console.log(
    `A ${sides.A.dir} ${sides.A.nodeArgs.join(' ')}\nB ${sides.B.dir} ${sides.B.nodeArgs.join(' ')}\n` +
      `${REQUESTS} requests per run, ${ROUNDS} rounds, load average ${loadAverage()}`,
  );
  for (const side of ['A', 'B'] as const) {
    await load({
      url: `${await base(side)}${requests.get?.path ?? ''}`,
      headers,
      durationSeconds: 3,
      connections: 16,
    });
  }
  const results = new Map<string, { cpu: number; rps: number }[]>();
  for (const target of TARGETS) {
    const request = requests[target];
    if (!request) {
      throw new Error(`unknown target ${target}`);
    }
    const { path, ...sent } = request;
    const runOne = async (side: TSide, round: number) => {
      const pid = servers[side].child.pid ?? -1;
      const before = cpuSeconds(pid);
      const result = await load({
        url: `${await base(side)}${path}`,
        ...sent,
        durationSeconds: 0,
        amount: REQUESTS,
        connections: TOGETHER ? 8 : 16,
      });
      if (result.non2xx + result.errors > 0) {
        throw new Error(`${side} ${target}: ${result.non2xx + result.errors} requests failed`);
      }
      const cpu = ((cpuSeconds(pid) - before) * 1000) / result.total;
      const runs = results.get(`${target} ${side}`) ?? [];
      runs[round] = { cpu, rps: result.requestsPerSecond };
      results.set(`${target} ${side}`, runs);
      console.log(
        `${target.padEnd(7)} round ${round + 1} ${side}: ${cpu.toFixed(3)} ms/req, ` +
          `${result.requestsPerSecond.toFixed(0)} req/s, load average ${loadAverage()}`,
      );
    };
    for (let round = 0; round < ROUNDS; round++) {
      if (TOGETHER) {
        await Promise.all([runOne('A', round), runOne('B', round)]);
        continue;
      }
      for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        await runOne(side, round);
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);

    return sorted.length % 2
      ? (sorted[middle] ?? NaN)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  // Besides the medians, the median of each round's own ratio: the two runs of a round are next to
  // each other in time, so a change of the machine's load between rounds cancels out.
  console.log("\nendpoint  A ms/req  B ms/req  B/A  rounds' B/A  A req/s  B req/s");
  for (const target of TARGETS) {
    const [a = [], b = []] = (['A', 'B'] as const).map((side) => results.get(`${target} ${side}`) ?? []);
    const cpuA = median(a.map((run) => run.cpu));
    const cpuB = median(b.map((run) => run.cpu));
    const paired = median(a.map((run, index) => (b[index]?.cpu ?? NaN) / run.cpu));
    console.log(
      `${target.padEnd(9)} ${cpuA.toFixed(3).padStart(8)} ${cpuB.toFixed(3).padStart(9)} ${(cpuB / cpuA).toFixed(3).padStart(5)} ` +
        `${paired.toFixed(3).padStart(12)} ` +
        `${median(a.map((run) => run.rps))
          .toFixed(0)
          .padStart(8)} ${median(b.map((run) => run.rps))
          .toFixed(0)
          .padStart(8)}`,
    );
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  for (const stop of local.reverse()) {
    await stop().catch(() => undefined);
  }
}
