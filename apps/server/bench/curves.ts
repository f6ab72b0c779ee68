import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { startBenchServer } from './bench-server.js';
import { CurveFiller } from './curve-fill.js';
import {
  cursorOfPage,
  medianMsEach,
  readAnalytics,
  readSubmissionsPage,
  settled,
  timeCsvExport,
  type TCurveClient,
  type TExportRun,
} from './curve-probes.js';
import { freePort, startEngineProcess, type TEngineMode } from './engine-process.js';
import { load } from './load.js';
import { cpuSeconds, loadAverage } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';

/**
 * `pnpm bench:curves`: how the product's answers move as one form grows to a million submissions.
 * One form of the compiled server (durable engine and Redis in their own processes, as `npm
 * start`) is filled to each size of BENCH_CURVE_SIZES in turn (bench/curve-fill.ts: copies of a
 * submission the server stored, in batches, then the product's own analytics rebuild), and at each
 * size the bench prints: submit req/s under autocannon with the server's and the engine's CPU per
 * submit; the median latency of the analytics answer for each time range (`day`, `week`, `month`),
 * of the listing's first page and of its page BENCH_CURVE_DEEP_PAGE (reached by following
 * `nextCursor` as a client does), called in turn once the engine is idle after the fill; the CSV export's time and the server's peak RSS during it. Last,
 * every figure as a ratio to the first size's: all should stay near 1 (the export's time per row
 * too), except the export's total time, which grows with N.
 */
const QUICK = process.env.BENCH_CURVE_QUICK === '1';
const SIZES = (process.env.BENCH_CURVE_SIZES ?? (QUICK ? '1000,4000' : '10000,100000,1000000'))
  .split(',')
  .map(Number);
const SUBMIT_SECONDS = Number(process.env.BENCH_CURVE_SUBMIT_SECONDS ?? (QUICK ? '3' : '10'));
const CALLS = Number(process.env.BENCH_CURVE_CALLS ?? (QUICK ? '5' : '20'));
const PAGE_LIMIT = Number(process.env.BENCH_CURVE_PAGE_LIMIT ?? '10');
const DEEP_PAGE = Number(process.env.BENCH_CURVE_DEEP_PAGE ?? (QUICK ? '100' : '1000'));
const BATCH = Number(process.env.BENCH_CURVE_BATCH ?? '5000');
const ENGINE = (process.env.BENCH_CURVE_ENGINE ?? 'durable') as TEngineMode;
const RANGES = ['day', 'week', 'month'] as const;

type TCurveRow = {
  submissions: number;
  fillSeconds: number;
  rebuildSeconds: number;
  submitPerSecond: number;
  submitServerMs: number;
  submitEngineMs: number;
  analyticsMs: Record<(typeof RANGES)[number], number>;
  firstPageMs: number;
  deepPage: number;
  deepPageMs: number;
  csv: TExportRun;
};

async function main() {
  if (SIZES.some((size, index) => !(size > 0) || size <= (SIZES[index - 1] ?? 0))) {
    throw new Error(`BENCH_CURVE_SIZES must grow: ${SIZES.join(',')}`);
  }
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    const redis = await startRedisServer();
    cleanUp.push(() => redis.stop());
    const { engine, engineUri } = await startEngineProcess(ENGINE, cleanUp);
    const mongoUri = `${engineUri.replace(/\/$/, '')}/formwell_bench`;
    const { key, formIds } = await seedBenchData(mongoUri);
    const { server, base } = await startBenchServer({
      mongoUri,
      redisUrl: redis.url,
      port: await freePort(),
    });
    cleanUp.push(() => server.stop());
    const serverPid = server.child.pid ?? -1;
    const client: TCurveClient = { base, key, formId: formIds[0] ?? '' };
    const filler = await CurveFiller.open(mongoUri, await submitTemplate(client));
    cleanUp.push(() => filler.close());
    // Warm-up (JIT, pools, the server's copies), so the first size is not measured cold.
    await load({ ...submitRequest(client), durationSeconds: Math.min(SUBMIT_SECONDS, 5) });
    for (const range of RANGES) {
      await readAnalytics(client, range);
    }

    console.log(
      `formwell curves (${ENGINE} engine): sizes ${SIZES.join(', ')}, submit ${SUBMIT_SECONDS} s at 16 connections, ` +
        `${CALLS} sequential calls per latency, listing limit ${PAGE_LIMIT}, load average ${loadAverage()}`,
    );
    const rows: TCurveRow[] = [];
    for (const size of SIZES) {
      const fillStarted = performance.now();
      await filler.insert(Math.max(0, size - (await countStored(client))), BATCH);
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      const rebuildStarted = performance.now();
      const submissions = await filler.rebuild(client.formId);
      const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
      const counted = await countStored(client);
      if (counted !== submissions) {
        throw new Error(`analytics count ${counted} submissions, the rebuild ${submissions}`);
      }
      const row = await measureSize(client, serverPid, engine.child.pid ?? -1, {
        submissions,
        fillSeconds,
        rebuildSeconds,
      });
      rows.push(row);
      printRow(row);
    }
    printRatios(rows);
  } finally {
    for (const stop of cleanUp.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

function submitRequest(client: TCurveClient) {
  return {
    url: `${client.base}/api/v1/forms/submit`,
    method: 'POST' as const,
    headers: benchSubmitHeaders(client.key),
    body: benchSubmission(client.formId),
  };
}

/** One real submit; its stored document, once counted, is what the bulk copies copy. */
async function submitTemplate(client: TCurveClient): Promise<string> {
  const response = await fetch(`${client.base}/api/v1/forms/submit`, {
    method: 'POST',
    headers: benchSubmitHeaders(client.key),
    body: benchSubmission(client.formId),
  });
  const body = (await response.json()) as { submissionId?: string };
  if (response.status !== 201 || !body.submissionId) {
    throw new Error(`the template submit answered ${response.status}: ${JSON.stringify(body)}`);
  }

  return body.submissionId;
}

/** The form's submissions so far, as the analytics answer them (pending counters included). */
async function countStored(client: TCurveClient): Promise<number> {
  return (await readAnalytics(client, 'week')).totalSubmissions;
}

async function measureSize(
  client: TCurveClient,
  serverPid: number,
  enginePid: number,
  filled: Pick<TCurveRow, 'submissions' | 'fillSeconds' | 'rebuildSeconds'>,
): Promise<TCurveRow> {
  const deep = await cursorOfPage(client, PAGE_LIMIT, DEEP_PAGE);
  await settled(enginePid);
  const latency = await medianMsEach(CALLS, {
    day: () => readAnalytics(client, 'day'),
    week: () => readAnalytics(client, 'week'),
    month: () => readAnalytics(client, 'month'),
    firstPage: () => readSubmissionsPage(client, PAGE_LIMIT),
    deepPage: () => readSubmissionsPage(client, PAGE_LIMIT, deep.cursor),
  });
  const csv = await timeCsvExport(client, serverPid);
  // The export leaves garbage to collect in the server and writes to flush in the engine, more the
  // larger the form: measured inside the submit window, they would bend its curve by themselves.
  await settled(serverPid);
  await settled(enginePid);
  // Last: its submissions join the form (the next size's fill counts them).
  const before = { server: cpuSeconds(serverPid), engine: cpuSeconds(enginePid) };
  const submit = await load({ ...submitRequest(client), durationSeconds: SUBMIT_SECONDS });
  if (submit.non2xx + submit.errors > 0) {
    throw new Error(`${submit.non2xx + submit.errors} submits failed: the figures are not valid`);
  }
  const msPerSubmit = (pid: number, cpuBefore: number) =>
    ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, submit.total);

  return {
    ...filled,
    submitPerSecond: submit.requestsPerSecond,
    submitServerMs: msPerSubmit(serverPid, before.server),
    submitEngineMs: msPerSubmit(enginePid, before.engine),
    analyticsMs: { day: latency.day, week: latency.week, month: latency.month },
    firstPageMs: latency.firstPage,
    deepPage: deep.page,
    deepPageMs: latency.deepPage,
    csv,
  };
}

function printRow(row: TCurveRow) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\n${row.submissions.toLocaleString('en')} submissions (filled in ${row.fillSeconds.toFixed(0)} s, ` +
      `rebuilt in ${row.rebuildSeconds.toFixed(0)} s), load average ${loadAverage()}\n` +
      `  submit      ${row.submitPerSecond.toFixed(0)} req/s, CPU per submit server ${row.submitServerMs.toFixed(2)} ms, engine ${row.submitEngineMs.toFixed(2)} ms\n` +
      `  analytics   day ${ms(row.analyticsMs.day)}, week ${ms(row.analyticsMs.week)}, month ${ms(row.analyticsMs.month)}\n` +
      `  listing     page 1 ${ms(row.firstPageMs)}, page ${row.deepPage} ${ms(row.deepPageMs)} (limit ${PAGE_LIMIT})\n` +
      `  CSV export  ${row.csv.seconds.toFixed(1)} s for ${row.csv.rows.toLocaleString('en')} rows ` +
      `(${((row.csv.seconds * 1e6) / Math.max(1, row.csv.rows)).toFixed(1)} µs per row, ${(row.csv.bytes / 2 ** 20).toFixed(0)} MiB), ` +
      `server RSS ${row.csv.rssBeforeMiB.toFixed(0)} MiB before, peak ${row.csv.peakMiB.toFixed(0)} MiB`,
  );
}

/** Every figure against the first size's: flat curves stay near 1. */
function printRatios(rows: TCurveRow[]) {
  const [first] = rows;
  if (!first) {
    return;
  }
  const columns: [string, (row: TCurveRow) => number][] = [
    ['N', (row) => row.submissions],
    ['submit/s', (row) => row.submitPerSecond],
    ['CPU/submit', (row) => row.submitServerMs + row.submitEngineMs],
    ...RANGES.map((range): [string, (row: TCurveRow) => number] => [
      `an. ${range}`,
      (row) => row.analyticsMs[range],
    ]),
    ['page 1', (row) => row.firstPageMs],
    [`page ${DEEP_PAGE}`, (row) => row.deepPageMs],
    ['CSV time', (row) => row.csv.seconds],
    ['CSV/row', (row) => row.csv.seconds / Math.max(1, row.csv.rows)],
    ['CSV peak RSS', (row) => row.csv.peakMiB],
  ];
  console.log(
    `\nratios to the ${first.submissions.toLocaleString('en')} row (flat = 1; CSV time grows with N)`,
  );
  console.log(columns.map(([name]) => name.padStart(13)).join(''));
  for (const row of rows) {
    console.log(columns.map(([, pick]) => (pick(row) / pick(first)).toFixed(2).padStart(13)).join(''));
  }
}

await main();
