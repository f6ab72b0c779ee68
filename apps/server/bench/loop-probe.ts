import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/**
 * Preloaded into a bench process (`BENCH_SERVER_NODE_ARGS="--import $PWD/bench/loop-probe.ts"`,
 * the same in BENCH_ENGINE_NODE_ARGS; a Node that strips types loads it as it is), it appends one
 * line per second to LOOP_PROBE_DIR (default: the temporary folder's formwell-loop-probe)/<role>-<pid>.log:
 * the process's CPU in that second, its heap in use, its event-loop delay p50/p99/max and its garbage collections
 * by kind. It tells a server's own stall (GC, a long synchronous task: CPU spent) from the machine's
 * (a process that used almost no CPU and still saw its timers late was waiting for a core), which
 * is what a half-rate tail on a shared host needs.
 */
/** perf_hooks' NODE_PERFORMANCE_GC_* kinds. */
const KINDS: Record<number, string> = {
  1: 'scavenge',
  2: 'minor mark-sweep',
  4: 'mark-compact',
  8: 'incremental marking',
  16: 'weak callbacks',
};
const role = process.argv.some((arg) => arg.includes('floor-server'))
  ? 'floor'
  : process.argv.some((arg) => arg.includes('server-entry'))
    ? 'product'
    : 'engine';
const dir = process.env.LOOP_PROBE_DIR ?? join(tmpdir(), 'formwell-loop-probe');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${role}-${process.pid}.log`);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let collections: { kind: string; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
    collections.push({ kind: KINDS[kind] ?? String(kind), ms: entry.duration });
  }
}).observe({ entryTypes: ['gc'] });
let cpu = process.cpuUsage();
const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);

setInterval(() => {
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const byKind = new Map<string, { count: number; total: number; max: number }>();
  for (const { kind, ms: duration } of collections) {
    const sum = byKind.get(kind) ?? { count: 0, total: 0, max: 0 };
    byKind.set(kind, { count: sum.count + 1, total: sum.total + duration, max: Math.max(sum.max, duration) });
  }
  collections = [];
  const gc = [...byKind]
    .map(
      ([kind, { count, total, max }]) => `${kind} ${count}x ${total.toFixed(1)} ms (max ${max.toFixed(1)})`,
    )
    .join(', ');
  appendFileSync(
    file,
    `${new Date().toISOString().slice(11, 23)} cpu ${((used.user + used.system) / 1000).toFixed(0)} ms, ` +
      `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, ` +
      `loop delay p50/p99/max ${ms(delay.percentile(50))}/${ms(delay.percentile(99))}/${ms(delay.max)} ms, gc ${gc || '-'}\n`,
  );
  delay.reset();
}, 1000).unref();
