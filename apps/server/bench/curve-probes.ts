import { readFileSync, writeFileSync } from 'node:fs';

import { cpuSeconds } from './probes.js';

/** What the curves bench reads of the server, over HTTP as any client does. */
export type TCurveClient = { base: string; key: string; formId: string };

/**
 * Median latency in ms of each probe, over `calls` sequential rounds that call every probe once in
 * turn (after `calls / 5` untimed rounds): a slow spell of the shared machine or of the engine's
 * background work then falls on all probes alike instead of on whichever ran at that moment.
 */
export async function medianMsEach<TName extends string>(
  calls: number,
  probes: Record<TName, () => Promise<unknown>>,
): Promise<Record<TName, number>> {
  const entries = Object.entries(probes) as [TName, () => Promise<unknown>][];
  const times = new Map<TName, number[]>(entries.map(([name]) => [name, []]));
  const warmRounds = Math.ceil(calls / 5);
  for (let round = 0; round < warmRounds + calls; round++) {
    for (const [name, probe] of entries) {
      const started = performance.now();
      await probe();
      if (round >= warmRounds) {
        times.get(name)?.push(performance.now() - started);
      }
    }
  }
  const medians = {} as Record<TName, number>;
  for (const [name, list] of times) {
    list.sort((a, b) => a - b);
    medians[name] = list[Math.floor(list.length / 2)] ?? NaN;
  }

  return medians;
}

/**
 * Waits (at most `limitMs`) until `pid` used under a tenth of a core over half a second: after a
 * bulk fill the engine still journals and snapshots, which the first probes would otherwise meet.
 */
export async function settled(pid: number, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuSeconds(pid) - before < 0.05) {
      return;
    }
  }
}

async function getJson<T>(client: TCurveClient, path: string): Promise<T> {
  const response = await fetch(`${client.base}/api/v1/forms/${client.formId}${path}`, {
    headers: { 'x-api-key': client.key },
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  }

  return JSON.parse(text) as T;
}

/** The analytics answer of one time range (`day`, `week`, `month`). */
export function readAnalytics(client: TCurveClient, range: string): Promise<{ totalSubmissions: number }> {
  return getJson(client, `/analytics?timeRange=${range}`);
}

type TSubmissionsPage = { submissions: unknown[]; nextCursor: string | null };

/** One page of the submissions listing, after `cursor` (the first page without one). */
export function readSubmissionsPage(
  client: TCurveClient,
  limit: number,
  cursor?: string,
): Promise<TSubmissionsPage> {
  const after = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;

  return getJson(client, `/submissions?limit=${limit}${after}`);
}

/**
 * The cursor that opens page `page` (1-based) of the listing, walked page by page as a client
 * follows `nextCursor`; the last page when there are fewer. Returns the page number reached.
 */
export async function cursorOfPage(
  client: TCurveClient,
  limit: number,
  page: number,
): Promise<{ cursor: string | undefined; page: number }> {
  let cursor: string | undefined;
  let reached = 1;
  while (reached < page) {
    const { nextCursor } = await readSubmissionsPage(client, limit, cursor);
    if (nextCursor === null) {
      break;
    }
    cursor = nextCursor;
    reached++;
  }

  return { cursor, page: reached };
}

/** A field of /proc/<pid>/status in MiB (`VmRSS`, `VmHWM`). */
function statusMiB(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN);

  return kib / 1024;
}

export type TExportRun = {
  seconds: number;
  rows: number;
  bytes: number;
  rssBeforeMiB: number;
  peakMiB: number;
};

/**
 * Downloads the whole CSV export (read as it streams, as a browser saves it) and the server's peak
 * resident memory meanwhile: the kernel's high-water mark, reset to the current RSS just before
 * (`clear_refs` 5), and VmRSS polled every 20 ms in case the reset is not allowed.
 */
export async function timeCsvExport(client: TCurveClient, serverPid: number): Promise<TExportRun> {
  let resetWorked = true;
  try {
    writeFileSync(`/proc/${serverPid}/clear_refs`, '5');
  } catch {
    resetWorked = false;
  }
  const rssBeforeMiB = statusMiB(serverPid, 'VmRSS');
  let polledPeak = rssBeforeMiB;
  const poll = setInterval(() => {
    polledPeak = Math.max(polledPeak, statusMiB(serverPid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    const response = await fetch(`${client.base}/api/v1/forms/${client.formId}/submissions/export.csv`, {
      headers: { 'x-api-key': client.key },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`the export answered ${response.status}: ${await response.text()}`);
    }
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) {
        rows += byte === 0x0a ? 1 : 0;
      }
    }
  } finally {
    clearInterval(poll);
  }
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = Math.max(polledPeak, resetWorked ? statusMiB(serverPid, 'VmHWM') : 0);

  // The header line is not a submission.
  return { seconds, rows: rows - 1, bytes, rssBeforeMiB, peakMiB };
}
