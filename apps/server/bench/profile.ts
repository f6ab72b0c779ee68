import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { answerOf } from './answer-of.js';
import type { TFloorConfig } from './floor-server.js';
import { allocationsPerRequest, InspectorProfiler } from './inspector-profile.js';
import { load, type LoadOptions } from './load.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';
import { startBenchServer } from './bench-server.js';
import { spawnProcess } from './spawn-process.js';

/**
 * Profiling helper (not part of `pnpm bench`): one endpoint under load for PROFILE_SECONDS, with the
 * server started under `--cpu-prof` (profile in PROFILE_DIR/server). Run this script itself with
 * `node --cpu-prof` to profile the embedded engine, which lives in this process. Once the server
 * stopped, the functions with the largest shares of its busy samples during the measured load
 * are printed (self and inclusive, PROFILE_TOP rows each).
 *
 * PROFILE_SIDE=floor profiles the floor instead (not `status`), so both sides' shares can be set side
 * by side in milliseconds per request.
 *
 *   PROFILE_TARGET=get|list|joined|submit|status PROFILE_DIR=/tmp/prof \
 *     node --cpu-prof --cpu-prof-dir=/tmp/prof/engine --import tsx --conditions=@formwell/source bench/profile.ts
 */
const target = process.env.PROFILE_TARGET ?? 'get';
const seconds = Number(process.env.PROFILE_SECONDS ?? '10');
const dir = process.env.PROFILE_DIR ?? '/tmp/formwell-profile';
/** PROFILE_SIDE=floor profiles the floor (bench/floor-server.ts) under the same load instead. */
const side = process.env.PROFILE_SIDE === 'floor' ? 'floor' : 'product';
/**
 * PROFILE_KIND=heap samples allocations instead (objects already collected included), through the
 * profiled side's inspector on PROFILE_INSPECT_PORT (9231), and prints bytes per request.
 */
const heap = process.env.PROFILE_KIND === 'heap';
const inspectPort = Number(process.env.PROFILE_INSPECT_PORT ?? '9231');

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
const { key, userId, formIds } = await seedBenchData(mongoUri);
// PROFILE_INTERVAL_US: the sampling interval (V8's default is 1,000 µs; finer gives more samples per run).
const interval = process.env.PROFILE_INTERVAL_US
  ? [`--cpu-prof-interval=${process.env.PROFILE_INTERVAL_US}`]
  : [];
const profiled = heap
  ? [`--inspect=127.0.0.1:${String(inspectPort)}`]
  : process.env.PROFILE_SERVER === '0'
    ? []
    : ['--cpu-prof', `--cpu-prof-dir=${dir}/server`, ...interval];
const { server, base: productBase } = await startBenchServer({
  mongoUri,
  redisUrl: redis.url,
  port: 20_000 + Math.floor(Math.random() * 20_000),
  nodeArgs: side === 'product' ? profiled : [],
});
const headers = { 'x-api-key': key };
const requests: Record<string, { path: string } & Omit<LoadOptions, 'durationSeconds' | 'url'>> = {
  get: { path: `/api/v1/forms/${formIds[0] ?? ''}`, headers },
  list: { path: '/api/v1/forms/list?limit=10', headers },
  joined: { path: `/api/v1/forms/${formIds[0] ?? ''}/users-joined`, headers },
  status: { path: '/api/v1/status' },
  submit: {
    path: '/api/v1/forms/submit',
    method: 'POST',
    headers: benchSubmitHeaders(key),
    body: benchSubmission(formIds[1]),
  },
};
const floor = side === 'floor' ? await startFloor() : undefined;
try {
  const request = requests[target];
  if (!request || (side === 'floor' && target === 'status')) {
    throw new Error(`unknown PROFILE_TARGET ${target} for the ${side}`);
  }
  const options = { ...request, url: `${floor?.base ?? productBase}${request.path}` };
  await load({ ...options, durationSeconds: 2, connections: 16 });
  const sampler = heap ? await InspectorProfiler.attach(inspectPort) : undefined;
  await sampler?.startHeapSampling();
  const result = await load({ ...options, durationSeconds: seconds, connections: 16 });
  console.log(JSON.stringify({ side, target, ...result }));
  if (sampler) {
    await mkdir(dir, { recursive: true });
    const allocations = await sampler.stopHeapSampling(`${dir}/${side}-${target}.heapprofile`);
    sampler.close();
    console.log(
      allocationsPerRequest(allocations, result.total, packageOf, Number(process.env.PROFILE_TOP ?? '25')),
    );
  }
} finally {
  await floor?.process.stop();
  await server.stop();
  await mongo.stop();
  await redis.stop();
}
if (profiled.length > 0 && !heap) {
  await printShares(`${dir}/server`, seconds, Number(process.env.PROFILE_TOP ?? '25'));
}

/** The floor, profiled, answering bodies of the product's sizes (measured on the product first). */
async function startFloor() {
  const bytes = async (name: string) => {
    const request = requests[name];

    return request ? (await answerOf(`${productBase}${request.path}`, request)).bodyBytes : 0;
  };
  const config: TFloorConfig = {
    mongoUri,
    redisUrl: redis.url,
    key,
    userId,
    sizes: {
      get: await bytes('get'),
      list: await bytes('list'),
      usersJoined: await bytes('joined'),
      submit: await bytes('submit'),
    },
  };
  const spawned = spawnProcess(
    process.execPath,
    [
      ...profiled,
      '--import',
      'tsx',
      '--conditions=@formwell/source',
      'bench/floor-server.ts',
      JSON.stringify(config),
    ],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), env: process.env },
  );
  const [, base = ''] = await spawned.waitFor(/bench-floor listening (http:\/\/\S+)/);

  return { process: spawned, base };
}

type TProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

/**
 * The socket writes' native calls. The sampler charges them wall-clock time the thread often spends
 * descheduled (on loopback a write wakes the receiver), so their share overstates their CPU; the
 * second pair of tables leaves their samples out to weigh everything else (see the README).
 */
function isSocketWrite(label: string): boolean {
  return /^(writeUtf8String|writeLatin1String|writeBuffer|writev) /.test(label);
}

type TShares = {
  busy: number;
  self: Map<string, number>;
  inclusive: Map<string, number>;
  /** Self samples by the package (or Node itself, or our workspace package) the function is in. */
  byPackage: Map<string, number>;
};

function newShares(): TShares {
  return { busy: 0, self: new Map(), inclusive: new Map(), byPackage: new Map() };
}

/**
 * Where a function's code lives: an npm package (`node_modules/.pnpm/…/node_modules/<name>/`), a
 * workspace package (`apps/server`, `packages/api`), Node's own modules, or V8 itself (no URL: the
 * garbage collector, native builtins, `(program)`).
 */
function packageOf(url: string): string {
  const dependency = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(url);
  if (dependency?.[1]) {
    return dependency[1];
  }
  const workspace = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (workspace) {
    return `${workspace[1]}/${workspace[2]}`;
  }

  return url.startsWith('node:') ? 'node' : url === '' ? '(V8: gc, natives, program)' : url;
}

/**
 * The newest profile's shares of busy samples (idle left out) over its last `seconds` (the measured
 * load, then the server's stop), so start-up and the warm-up fall outside: of all of them, then of
 * those outside the socket writes. Inclusive counts a function once per sample however deep it
 * recurs; an async function's continuation is counted under the microtask runner, not its caller.
 */
async function printShares(profileDir: string, seconds: number, top: number) {
  // The main thread's (thread 0): tsx's module hooks run on a thread of their own, profiled too.
  const files = (await readdir(profileDir)).filter((file) => /\.0\.\d+\.cpuprofile$/.test(file)).sort();
  const newest = files.at(-1);
  if (!newest) {
    return;
  }
  const profile = JSON.parse(await readFile(path.join(profileDir, newest), 'utf8')) as {
    nodes: TProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  const label = ({ callFrame }: TProfileNode) =>
    `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  const all = newShares();
  const outsideWrites = newShares();
  const from = profile.endTime - seconds * 1_000_000;
  let at = profile.startTime;
  for (const [index, sample] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    const leaf = nodes.get(sample);
    if (at < from || !leaf || leaf.callFrame.functionName === '(idle)') {
      continue;
    }
    const seen = new Set<string>();
    for (let node: TProfileNode | undefined = leaf; node; node = nodes.get(parents.get(node.id) ?? -1)) {
      seen.add(label(node));
    }
    for (const shares of isSocketWrite(label(leaf)) ? [all] : [all, outsideWrites]) {
      shares.busy++;
      shares.self.set(label(leaf), (shares.self.get(label(leaf)) ?? 0) + 1);
      const where = packageOf(leaf.callFrame.url);
      shares.byPackage.set(where, (shares.byPackage.get(where) ?? 0) + 1);
      for (const name of seen) {
        shares.inclusive.set(name, (shares.inclusive.get(name) ?? 0) + 1);
      }
    }
  }
  const rows = ({ busy }: TShares, counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => `${((100 * count) / busy).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(
    `${newest}: ${all.busy} busy samples\n-- self\n${rows(all, all.self)}\n-- inclusive\n${rows(all, all.inclusive)}`,
  );
  console.log(
    `-- outside the socket writes (${outsideWrites.busy} samples): self\n${rows(outsideWrites, outsideWrites.self)}\n-- outside the socket writes: inclusive\n${rows(outsideWrites, outsideWrites.inclusive)}`,
  );
  console.log(
    `-- outside the socket writes: self by package\n${rows(outsideWrites, outsideWrites.byPackage)}`,
  );
}
