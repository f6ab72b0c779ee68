import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { startBenchServer } from './bench-server.js';
import { CurveFiller } from './curve-fill.js';
import { readAnalytics, settled, timeCsvExport, type TCurveClient } from './curve-probes.js';
import { freePort } from './engine-process.js';
import { InspectorProfiler, topFunctions } from './inspector-profile.js';
import { load } from './load.js';
import { cpuSeconds, loadAverage } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';

/**
 * `pnpm bench:export-probe`: the two curves that bent at a million in `pnpm bench:curves` (the CSV
 * export's time per row and the engine's CPU per submit), without the rest of that bench, so a
 * million can be looked at in minutes rather than most of an hour. One form is filled to each size
 * of PROBE_SIZES in turn (as curves.ts fills it); at each size: the export's time and the CPU the
 * server and the engine spent on it per row, the full (mark-compact) collections the engine ran
 * meanwhile (its `--trace-gc` log), then PROBE_SUBMIT_SECONDS of submits with the engine's and the
 * server's CPU per submit. With PROBE_PROFILE=1 both processes are profiled through their inspector
 * during the export and the submits, and the top functions printed (profiles kept in PROBE_DIR).
 */
const SIZES = (process.env.PROBE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SUBMIT_SECONDS = Number(process.env.PROBE_SUBMIT_SECONDS ?? '8');
const PROFILE = process.env.PROBE_PROFILE === '1';
const DIR = process.env.PROBE_DIR ?? '/tmp/formwell-export-probe';
const BATCH = 5000;
/** Rows of the export read at each size (a million's whole export took half an hour). */
const EXPORT_ROWS = Number(process.env.PROBE_EXPORT_ROWS ?? '50000');
/** PROBE_FULL_EXPORT=1: last, the whole export at the largest size, with the server's peak RSS. */
const FULL_EXPORT = process.env.PROBE_FULL_EXPORT === '1';
/** PROBE_SUBMIT_BEFORE_EXPORT=1: submits before the export too, to tell what the export leaves behind. */
const SUBMIT_BEFORE_EXPORT = process.env.PROBE_SUBMIT_BEFORE_EXPORT === '1';

/**
 * Reads the export's first `limit` rows (or all), as it streams, then drops the connection; the
 * seconds taken and the time of every 10,000th row, to show whether a row costs more deeper in.
 */
async function timeExportRows(client: TCurveClient, limit: number) {
  const abort = new AbortController();
  const started = performance.now();
  const marks: number[] = [];
  let rows = -1;
  const response = await fetch(`${client.base}/api/v1/forms/${client.formId}/submissions/export.csv`, {
    headers: { 'x-api-key': client.key },
    signal: abort.signal,
  });
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) {
        if (byte === 0x0a && ++rows % 10_000 === 0 && rows > 0) {
          marks.push((performance.now() - started) / 1000);
        }
      }
      if (rows >= limit) {
        abort.abort();
        break;
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }

  return { seconds: (performance.now() - started) / 1000, rows, marks };
}

const engineDir = fileURLToPath(new URL('../../../packages/embedded-mongo', import.meta.url));

/** The durable engine in its own process, under `--trace-gc` (log in DIR) and an inspector. */
async function startEngine(cleanUp: (() => Promise<void>)[], inspectPort: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-probe-'));
  cleanUp.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  const logFile = join(DIR, 'engine.log');
  const log = openSync(logFile, 'w');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--trace-gc',
      `--inspect=127.0.0.1:${inspectPort}`,
      ...(process.env.PROBE_ENGINE_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      '--conditions=@formwell/source',
      'src/cli.ts',
      '--port',
      String(port),
      '--dbpath',
      dataDir,
    ],
    { cwd: process.env.BENCH_ENGINE_DIR ?? engineDir, stdio: ['ignore', log, log] },
  );
  cleanUp.push(async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const uri = /mongodb:\/\/\S+/.exec(readFileSync(logFile, 'utf8'))?.[0];
    if (uri) {
      return { pid: child.pid ?? -1, uri, logFile };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the engine did not start');
}

/** Full collections and their summed pause in the engine's GC log since `fromLength`. */
function markCompacts(logFile: string, fromLength: number): { count: number; ms: number; length: number } {
  const text = readFileSync(logFile, 'utf8');
  let count = 0;
  let ms = 0;
  for (const line of text.slice(fromLength).split('\n')) {
    const match = /Mark-Compact.*?MB, ([\d.]+) \/ ([\d.]+) ms/.exec(line);
    if (match) {
      count++;
      ms += Number(match[1]);
    }
  }

  return { count, ms, length: text.length };
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    const redis = await startRedisServer();
    cleanUp.push(() => redis.stop());
    const enginePort = await freePort();
    const engine = await startEngine(cleanUp, enginePort);
    const mongoUri = `${engine.uri.replace(/\/$/, '')}/formwell_bench`;
    const { key, formIds } = await seedBenchData(mongoUri);
    const serverInspect = await freePort();
    const { server, base } = await startBenchServer({
      mongoUri,
      redisUrl: redis.url,
      port: await freePort(),
      nodeArgs: [`--inspect=127.0.0.1:${serverInspect}`],
    });
    cleanUp.push(() => server.stop());
    const serverPid = server.child.pid ?? -1;
    const client: TCurveClient = { base, key, formId: formIds[0] ?? '' };
    const submit = {
      url: `${base}/api/v1/forms/submit`,
      method: 'POST' as const,
      headers: benchSubmitHeaders(key),
      body: benchSubmission(client.formId),
    };
    const template = await fetch(submit.url, submit).then(
      async (response) => ((await response.json()) as { submissionId: string }).submissionId,
    );
    await readAnalytics(client, 'week');
    const filler = await CurveFiller.open(mongoUri, template);
    cleanUp.push(() => filler.close());
    const profilers = PROFILE
      ? {
          engine: await InspectorProfiler.attach(enginePort),
          server: await InspectorProfiler.attach(serverInspect),
        }
      : undefined;
    await load({ ...submit, durationSeconds: 3 });
    console.log(`export probe: sizes ${SIZES.join(', ')}, load average ${loadAverage()}`);
    for (const size of SIZES) {
      const stored = (await readAnalytics(client, 'week')).totalSubmissions;
      const fillStarted = performance.now();
      await filler.insert(Math.max(0, size - stored), BATCH);
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      await filler.rebuild(client.formId);
      await settled(engine.pid);
      await settled(serverPid);
      const profiled = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
        await profilers?.engine.start();
        await profilers?.server.start();
        const result = await run();
        for (const [side, profiler] of Object.entries(profilers ?? {})) {
          const profile = await profiler.stop(join(DIR, `${side}-${label}-${size}.cpuprofile`));
          console.log(`\n${side} profile, ${label} at ${size}: ${topFunctions(profile, 18)}`);
        }
        return result;
      };
      /** PROBE_SUBMIT_SECONDS of submits once both processes are idle: CPU per submit, full GCs. */
      const measureSubmits = async (label: string) => {
        await settled(engine.pid);
        await settled(serverPid);
        const gcBefore = markCompacts(engine.logFile, 0);
        const before = { engine: cpuSeconds(engine.pid), server: cpuSeconds(serverPid) };
        const result = await profiled(label, () => load({ ...submit, durationSeconds: SUBMIT_SECONDS }));
        const submitGc = markCompacts(engine.logFile, gcBefore.length);
        const perSubmit = (pid: number, cpuBefore: number) =>
          ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.total);
        console.log(
          `  ${label}  ${result.requestsPerSecond.toFixed(0)} req/s (${result.non2xx + result.errors} failed), CPU per submit ` +
            `engine ${perSubmit(engine.pid, before.engine).toFixed(2)} ms, server ${perSubmit(serverPid, before.server).toFixed(2)} ms; ` +
            `engine full GCs ${submitGc.count} (${submitGc.ms.toFixed(0)} ms), load average ${loadAverage()}`,
        );
      };
      if (SUBMIT_BEFORE_EXPORT) {
        await measureSubmits('submit-before-export');
      }
      const gc = markCompacts(engine.logFile, 0);
      const cpu = { engine: cpuSeconds(engine.pid), server: cpuSeconds(serverPid) };
      const csv = await profiled('export', () => timeExportRows(client, EXPORT_ROWS));
      const exportGc = markCompacts(engine.logFile, gc.length);
      const perRow = (pid: number, before: number) => ((cpuSeconds(pid) - before) * 1e6) / csv.rows;
      console.log(
        `\n${size.toLocaleString('en')} submissions (fill ${fillSeconds.toFixed(0)} s), load average ${loadAverage()}\n` +
          `  export  ${csv.seconds.toFixed(1)} s for ${csv.rows} rows: ${((csv.seconds * 1e6) / csv.rows).toFixed(1)} µs per row, ` +
          `CPU per row engine ${perRow(engine.pid, cpu.engine).toFixed(1)} µs, server ${perRow(serverPid, cpu.server).toFixed(1)} µs; ` +
          `engine full GCs ${exportGc.count} (${exportGc.ms.toFixed(0)} ms)\n` +
          `  seconds at each 10,000th row: ${csv.marks.map((mark) => mark.toFixed(1)).join(', ')}`,
      );
      await measureSubmits('submit');
    }
    if (FULL_EXPORT) {
      await settled(engine.pid);
      const cpu = { engine: cpuSeconds(engine.pid), server: cpuSeconds(serverPid) };
      const csv = await timeCsvExport(client, serverPid);
      const perRow = (pid: number, before: number) => ((cpuSeconds(pid) - before) * 1e6) / csv.rows;
      console.log(
        `\nwhole export: ${csv.seconds.toFixed(1)} s for ${csv.rows} rows, ${((csv.seconds * 1e6) / csv.rows).toFixed(1)} µs per row, ` +
          `CPU per row engine ${perRow(engine.pid, cpu.engine).toFixed(1)} µs, server ${perRow(serverPid, cpu.server).toFixed(1)} µs; ` +
          `server RSS ${csv.rssBeforeMiB.toFixed(0)} MiB before, peak ${csv.peakMiB.toFixed(0)} MiB; load average ${loadAverage()}`,
      );
    }
    for (const profiler of Object.values(profilers ?? {})) {
      profiler.close();
    }
  } finally {
    for (const stop of cleanUp.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

await main();
