/**
 * What a large collection costs the engine's garbage collector. One collection (submission-like
 * documents, the compound indexes a forms product keeps) is grown to N documents in an engine of
 * its own process, durable unless told otherwise, then a keyset-paged listing walks 1,000 pages of
 * 10 through its compound index. The engine runs under `--trace-gc`; printed: the fill's time and
 * the engine's RSS, its heap after the last full collection, and for the fill and the walk the
 * full (mark-compact) collections, their main-thread marking time and longest pause, with the
 * walk's latency percentiles. Usage:
 *   pnpm bench:big [N] [memory] [engine dir]
 * `engine dir` runs another checkout's engine (its packages/embedded-mongo, with dependencies).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';

const N = Number(process.argv[2] ?? '1000000');
const memory = process.argv[3] === 'memory';
const engineDir = process.argv[4] ?? fileURLToPath(new URL('..', import.meta.url));
const BATCH = 5000;
const DAY_MS = 86_400_000;
const PAGE = 10;
const PAGES = 1000;

type FullGc = { pauseMs: number; stepsMs: number; heapAfterMiB: number };
const fullGcs: FullGc[] = [];
// `Mark-Compact 539.3 (638.6) -> 505.9 (639.9) MB, pooled: 4 MB, 58.71 / 0.00 ms  (+ 5078.7 ms in 173 steps`
const MARK_COMPACT =
  /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) .*?MB, ([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in)?/;

const dbPath = memory ? undefined : mkdtempSync(join(tmpdir(), 'big-collection-'));
const engine = spawn(
  process.execPath,
  [
    '--trace-gc',
    '--import',
    'tsx',
    '--conditions=@formwell/source',
    'src/cli.ts',
    '--port',
    '0',
    ...(dbPath ? ['--dbpath', dbPath] : []),
  ],
  { cwd: engineDir, stdio: ['ignore', 'pipe', 'inherit'] },
);
let pending = '';
let uri: string | undefined;
const started = new Promise<void>((resolve, reject) => {
  engine.once('exit', (code) => reject(new Error(`the engine exited with ${String(code)}`)));
  engine.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      uri ??= /mongodb:\/\/\S+/.exec(line)?.[0];
      const gc = MARK_COMPACT.exec(line);
      if (gc)
        fullGcs.push({ heapAfterMiB: Number(gc[1]), pauseMs: Number(gc[2]), stepsMs: Number(gc[3] ?? 0) });
    }
    if (uri) resolve();
  });
});
await started;

const rssMiB = () => {
  const status = readFileSync(`/proc/${String(engine.pid)}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const gcSince = (from: number) => {
  const list = fullGcs.slice(from);
  const sum = (pick: (gc: FullGc) => number) => list.reduce((total, gc) => total + pick(gc), 0);
  return (
    `${list.length} full GCs, main-thread marking ${(sum((gc) => gc.pauseMs + gc.stepsMs) / 1000).toFixed(1)} s, ` +
    `longest pause ${Math.max(0, ...list.map((gc) => gc.pauseMs)).toFixed(0)} ms`
  );
};

const client = await new MongoClient(uri ?? '', { serverSelectionTimeoutMS: 600_000 }).connect();
try {
  const coll = client.db('big').collection('submissions');
  const formId = new ObjectId();
  const userId = new ObjectId();
  await coll.createIndexes([
    { key: { formId: 1, createdAt: -1, _id: -1 } },
    { key: { formId: 1, email: 1, createdAt: -1 } },
    { key: { hasPendingOutbox: 1, createdAt: 1 }, partialFilterExpression: { hasPendingOutbox: true } },
    { key: { countersPending: 1, createdAt: 1 }, partialFilterExpression: { countersPending: true } },
    { key: { formId: 1, status: 1, createdAt: -1, _id: -1 }, partialFilterExpression: { status: 'spam' } },
  ]);
  const now = Date.now();
  let seed = 33;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const fillStarted = performance.now();
  for (let done = 0; done < N; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, N - done) }, () => ({
      _id: new ObjectId(),
      formId,
      userId,
      email: 'visitor@example.com',
      data: {
        email: 'visitor@example.com',
        name: 'A visitor',
        message: 'Hello from the bench',
        topic: 'sales',
      },
      meta: { browser: 'Chrome', os: 'Linux', device: 'desktop', country: 'Unknown' },
      outbox: [],
      hasPendingOutbox: false,
      requestId: 'req-0123456789abcdef',
      status: 'inbox',
      spamScore: 0,
      spamReasons: [],
      createdAt: new Date(now - Math.floor(random() * 365 * DAY_MS)),
    }));
    await coll.insertMany(batch, { ordered: false });
  }
  const heapAfter = fullGcs.at(-1)?.heapAfterMiB ?? NaN;
  console.log(
    `${N.toLocaleString('en')} documents filled in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s: ` +
      `engine RSS ${rssMiB()} MiB, heap ${heapAfter.toFixed(0)} MiB after the last full GC; ${gcSince(0)}`,
  );

  const listing = (from?: { createdAt: Date; _id: ObjectId }) =>
    coll
      .find({
        formId,
        userId,
        status: { $ne: 'spam' },
        ...(from
          ? {
              $or: [
                { createdAt: { $lt: from.createdAt } },
                { createdAt: from.createdAt, _id: { $lt: from._id } },
              ],
            }
          : {}),
      })
      .sort({ createdAt: -1, _id: -1 })
      .limit(PAGE + 1);
  const walkFrom = fullGcs.length;
  const times: number[] = [];
  let after: { createdAt: Date; _id: ObjectId } | undefined;
  const walkStarted = performance.now();
  for (let page = 1; page <= PAGES; page++) {
    const pageStarted = performance.now();
    const docs = await listing(after).toArray();
    times.push(performance.now() - pageStarted);
    const last = docs[PAGE - 1];
    after = last && { createdAt: last.createdAt as Date, _id: last._id };
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(1);
  console.log(
    `walk of ${PAGES} pages of ${PAGE} in ${((performance.now() - walkStarted) / 1000).toFixed(1)} s: ` +
      `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${gcSince(walkFrom)}`,
  );
  // The last page's plan: a keyset page reads its own keys, not the pages before it.
  const explained = (await listing(after).explain('executionStats')) as {
    executionStats?: { totalKeysExamined?: number; totalDocsExamined?: number };
  };
  const stats = explained.executionStats;
  console.log(
    `page ${PAGES + 1}: ${String(stats?.totalKeysExamined)} keys and ${String(stats?.totalDocsExamined)} documents examined`,
  );
} finally {
  await client.close();
  engine.kill('SIGTERM');
  await new Promise((resolve) => engine.once('exit', resolve));
  if (dbPath) rmSync(dbPath, { recursive: true, force: true });
}
