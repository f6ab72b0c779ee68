/**
 * Engine benchmark: the server runs here, the official driver in a child process.
 * `pnpm --filter @formwell/embedded-mongo bench` — bounded to a few minutes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { startEmbeddedMongo } from '../src/index.js';
import { commandCosts } from './commands.js';
import { submitCommandCosts } from './submit-command.js';

type Row = {
  name: string;
  clients?: number;
  ops?: number;
  p50?: number;
  p99?: number;
  max?: number;
  groupMs?: number;
  seconds?: number;
  /** A measurement starts (the engine notes its CPU time), not a result. */
  mark?: string;
  count?: number;
  clientCpuUs?: number;
};

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const clientScript = fileURLToPath(new URL('./client.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

function runClient(uri: string, phase: string, onRow: (row: Row) => void = () => undefined): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [clientScript, uri, phase], { stdio: ['ignore', 'pipe', 'inherit'] });
    const rows: Row[] = [];
    let cpuAtMark = process.cpuUsage();
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const row = JSON.parse(buf.slice(0, nl)) as Row;
        buf = buf.slice(nl + 1);
        if (row.mark !== undefined) {
          cpuAtMark = process.cpuUsage();
          continue;
        }
        const used = process.cpuUsage(cpuAtMark);
        const engineCpuUs = row.count ? (used.user + used.system) / row.count : undefined;
        const engineSystemUs = row.count ? used.system / row.count : undefined;
        rows.push(row);
        print(row, engineCpuUs, engineSystemUs);
        onRow(row);
      }
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(rows) : reject(new Error(`bench client exited with ${String(code)}`)),
    );
  });
}

let baseline: Record<number, number> = {};
let cpuBaseline: Record<number, number> = {};
/**
 * One line per measurement. Besides latency and its ratio to a raw ping's, the CPU time per
 * operation of the engine (this process, all threads) and of the client process: unlike the
 * wall-clock figures, they barely move with the machine's load, and they show whose cost a
 * latency is (the driver's work in the client, or the engine's).
 */
function print(r: Row, engineCpuUs?: number, engineSystemUs?: number): void {
  if (r.ops === undefined) {
    console.log(`${r.name.padEnd(36)} ${(r.seconds ?? 0).toFixed(1)} s`);
    return;
  }
  const c = r.clients ?? 1;
  if (r.name.startsWith('ping')) {
    baseline = { ...baseline, [c]: r.p50 ?? 1 };
    cpuBaseline = { ...cpuBaseline, [c]: engineCpuUs ?? 1 };
  }
  const ratio = baseline[c] ? ((r.p50 ?? 0) / (baseline[c] ?? 1)).toFixed(1) : '-';
  const cpuRatio =
    engineCpuUs !== undefined && cpuBaseline[c] ? (engineCpuUs / (cpuBaseline[c] ?? 1)).toFixed(1) : '-';
  const cpu =
    engineCpuUs === undefined
      ? ''
      : `  CPU/op engine ${engineCpuUs.toFixed(0)} µs (${cpuRatio}x ping; kernel ${(engineSystemUs ?? 0).toFixed(0)} µs) client ${(r.clientCpuUs ?? 0).toFixed(0)} µs`;
  console.log(
    `${r.name.padEnd(36)} c=${String(c).padStart(2)}  ${String(r.ops).padStart(7)} ops/s  p50 ${(r.p50 ?? 0).toFixed(3)} ms  p99 ${(r.p99 ?? 0).toFixed(3)} ms  p50/ping ${ratio}x${cpu}`,
  );
}

/**
 * Main-thread CPU time between consecutive turns of the engine's event loop (a 1 ms timer reads
 * `process.threadCpuUsage()`): how long the engine held the loop, independent of how long the
 * operating system kept the process waiting for a core on a loaded machine.
 */
class CpuSlices {
  private readonly slices: number[] = [];
  private timer: NodeJS.Timeout | undefined;

  start(): void {
    let last = process.threadCpuUsage();
    this.timer = setInterval(() => {
      const now = process.threadCpuUsage();
      this.slices.push((now.user + now.system - last.user - last.system) / 1000);
      last = now;
    }, 1);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  summary(): string {
    const s = [...this.slices].sort((a, b) => a - b);
    const at = (p: number) => (s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0).toFixed(2);
    return `p50 ${at(50)} ms, p99 ${at(99)} ms, max ${(s.at(-1) ?? 0).toFixed(2)} ms over ${String(s.length)} turns`;
  }
}

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

async function throughput(): Promise<void> {
  const a = await startEmbeddedMongo({ port: 0 });
  await runClient(a.uri, 'throughput');
  await a.stop();
}

async function durable(): Promise<void> {
  console.log('\ndurable engine (journal + fdatasync; concurrent writes share one fdatasync):');
  const dbPath = await mkdtemp(join(tmpdir(), 'embedded-mongo-bench-'));
  try {
    const d = await startEmbeddedMongo({ port: 0, dbPath });
    let before = d.storeStats?.();
    await runClient(d.uri, 'durable', (row) => {
      // Commits per fdatasync over the measurement that just ended (pings commit nothing).
      const now = d.storeStats?.();
      if (before && now && row.name.includes('insert')) {
        const commits = now.commits - before.commits;
        const fsyncs = now.fsyncs - before.fsyncs;
        console.log(
          `${''.padEnd(44)}${String(commits)} commits, ${String(fsyncs)} fdatasyncs: ${(commits / Math.max(1, fsyncs)).toFixed(1)} writes per fdatasync`,
        );
      }
      before = now;
    });
    await d.stop();
  } finally {
    await rm(dbPath, { recursive: true, force: true });
  }
  console.log('');
}

async function scale(): Promise<void> {
  gc();
  const before = process.memoryUsage();
  const b = await startEmbeddedMongo({ port: 0 });
  const rows = await runClient(b.uri, 'scale');
  gc();
  const after = process.memoryUsage();
  const bson = b.dataSize();
  const at1k = rows.find((r) => r.name.includes('@1k'))?.p50 ?? 0;
  const at1m = rows.find((r) => r.name.includes('@1M'))?.p50 ?? 0;
  console.log(
    `\nfindOne by index: p50 ${at1k.toFixed(3)} ms @1k vs ${at1m.toFixed(3)} ms @1M  (ratio ${(at1m / at1k).toFixed(2)}x, target ≤ 2x)`,
  );
  const rss = after.rss - before.rss;
  const heap = after.heapUsed + after.external - (before.heapUsed + before.external);
  console.log(
    `memory for 1M docs: BSON ${mb(bson)}; RSS growth ${mb(rss)} (${(rss / bson).toFixed(2)}x); heap+external growth ${mb(heap)} (${(heap / bson).toFixed(2)}x), target ≤ 3x`,
  );
  await b.stop();
}

async function yielding(): Promise<void> {
  const c = await startEmbeddedMongo({ port: 0 });
  // The client reports "alone" just before the busy rounds start, and each "during" row when its
  // rounds end (the next ones start right after): one CPU-slice record per busy operation.
  let slices = new CpuSlices();
  const slicesDuring = new Map<string, string>();
  const rows = await runClient(c.uri, 'yielding', (row) => {
    if (!row.name.includes('alone')) {
      slices.stop();
      slicesDuring.set(row.name, slices.summary());
      slices = new CpuSlices();
    }
    slices.start();
  });
  slices.stop();
  const figures = (r: Row | undefined) =>
    `p50 ${(r?.p50 ?? 0).toFixed(2)} ms, p99 ${(r?.p99 ?? 0).toFixed(2)} ms, max ${(r?.max ?? 0).toFixed(2)} ms`;
  console.log(`\nfindOne by _id alone: ${figures(rows.find((r) => r.name.includes('alone')))}`);
  for (const during of rows.filter((r) => r.name.includes('during'))) {
    const busy = during.name.slice(during.name.indexOf('during ') + 'during '.length);
    console.log(
      `findOne during a ${busy} (${(during.groupMs ?? 0).toFixed(0)} ms each): ${figures(during)} (target: max ≤ 20 ms)`,
    );
    console.log(
      `  engine main-thread CPU between two event-loop turns meanwhile: ${slicesDuring.get(during.name) ?? '-'} (what a findOne can wait for the engine, GC included; wall times above also hold waits for a CPU)`,
    );
  }
  await c.stop();
}

/**
 * After each result row, the engine's garbage-collection pauses since the previous row: the main
 * thread stops for each, so the longest is what a request may wait for beyond its own work (a GC
 * observer costs nothing per request, unlike a 1 ms timer reading the CPU clock).
 */
function gcPausesPerRow(): (row: Row) => void {
  let pauses: { ms: number; kind: string }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({ ms: e.duration, kind: kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major' : 'minor' });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return (row) => {
    if (!row.name.startsWith('ping')) {
      const longest = pauses.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, kind: '-' });
      const total = pauses.reduce((n, p) => n + p.ms, 0);
      const majors = pauses.filter((p) => p.kind === 'major').length;
      console.log(
        `${''.padEnd(44)}GC: ${String(pauses.length)} pauses (${String(majors)} major), ${total.toFixed(0)} ms in all, longest ${longest.ms.toFixed(1)} ms (${longest.kind})`,
      );
    }
    pauses = [];
    if (row.name === 'findOne by _id (raw OP_MSG)') observer.disconnect();
  };
}

/**
 * A submit's commands (bench/submit-workload.ts), in memory and durable: the engine's CPU time per
 * submit is the figure to compare before/after a change to the write path. With BENCH_PROFILE=1,
 * the submits alone for 10 s in memory (`BENCH_PROFILE=1 node --cpu-prof --import tsx
 * --conditions=@formwell/source bench/run.ts submit`; BENCH_PROFILE=durable with a journal).
 */
async function submit(): Promise<void> {
  const profiled = process.env.BENCH_PROFILE;
  if (profiled) {
    // Only the submits (or, with BENCH_PROFILE=findOne, findOne by _id), in memory (durable with
    // BENCH_PROFILE=durable), so that a CPU profile of this process holds little else.
    const dbPath =
      profiled === 'durable' ? await mkdtemp(join(tmpdir(), 'embedded-mongo-bench-')) : undefined;
    const p = await startEmbeddedMongo({ port: 0, ...(dbPath ? { dbPath } : {}) });
    await runClient(p.uri, profiled === 'findOne' ? 'findOneAlone' : 'submitAlone');
    await p.stop();
    if (dbPath) await rm(dbPath, { recursive: true, force: true });
    return;
  }
  console.log('\nsubmit workload, in memory:');
  const m = await startEmbeddedMongo({ port: 0 });
  await runClient(m.uri, 'submit', gcPausesPerRow());
  await m.stop();
  console.log('\nsubmit workload, durable (journal + fdatasync):');
  const dbPath = await mkdtemp(join(tmpdir(), 'embedded-mongo-bench-'));
  try {
    const d = await startEmbeddedMongo({ port: 0, dbPath });
    await runClient(d.uri, 'submit', gcPausesPerRow());
    await d.stop();
  } finally {
    await rm(dbPath, { recursive: true, force: true });
  }
}

/** `pnpm bench` runs every section; `pnpm bench durable yielding` only those named. */
const SECTIONS: Record<string, () => Promise<void>> = {
  throughput,
  durable,
  scale,
  yielding,
  submit,
  commands: commandCosts,
  'submit-command': submitCommandCosts,
};
const wanted = process.argv.slice(2).filter((a) => a !== '--');
const unknown = wanted.filter((name) => !Object.hasOwn(SECTIONS, name));
if (unknown.length > 0) {
  console.error(
    `unknown bench section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`,
  );
  process.exit(2);
}
console.log(`embedded-mongo bench — node ${process.version}, client in a separate process\n`);
for (const [name, run] of Object.entries(SECTIONS))
  if (wanted.length === 0 || wanted.includes(name)) await run();
