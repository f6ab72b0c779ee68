import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { startBenchServer } from './bench-server.js';
import { CurveFiller } from './curve-fill.js';
import { readAnalytics, settled, timeCsvExport, type TCurveClient } from './curve-probes.js';
import { freePort, startEngineProcess } from './engine-process.js';
import { loadAverage } from './probes.js';
import { benchSubmission, benchSubmitHeaders, seedBenchData } from './seed.js';

/**
 * `pnpm bench:export-memory`: what the server's RSS rise during the CSV export is made of. One form
 * is filled to each size of MEMORY_SIZES (as bench:curves fills it); at each size the whole export
 * runs twice, and around each run the server's heap is read through its inspector right after a
 * full collection (what the export kept) next to its RSS before and at the peak (what it touched:
 * the collection before it lowers the RSS before, so the rise is the most the export adds).
 * MEMORY_SERVER_NODE_ARGS adds options to the server (e.g. `--max-old-space-size=160`).
 */
const SIZES = (process.env.MEMORY_SIZES ?? '10000,100000,300000').split(',').map(Number);
const SERVER_NODE_ARGS = (process.env.MEMORY_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** One inspector command on the process listening at `port`, and its result. */
async function inspectorCall(port: number, method: string, params: object = {}): Promise<unknown> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? '');
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  try {
    const answered = new Promise<string>((resolve) =>
      socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true }),
    );
    socket.send(JSON.stringify({ id: 1, method, params }));

    return (JSON.parse(await answered) as { result: unknown }).result;
  } finally {
    socket.close();
  }
}

/** The heap in use after a full collection, in MiB: what the process still holds. */
async function liveHeapMiB(port: number): Promise<number> {
  await inspectorCall(port, 'HeapProfiler.collectGarbage');
  const { result } = (await inspectorCall(port, 'Runtime.evaluate', {
    expression: 'process.memoryUsage().heapUsed',
    returnByValue: true,
  })) as { result: { value: number } };

  return result.value / 2 ** 20;
}

async function main() {
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    const redis = await startRedisServer();
    cleanUp.push(() => redis.stop());
    const { engine, engineUri } = await startEngineProcess('durable', cleanUp);
    const mongoUri = `${engineUri.replace(/\/$/, '')}/formwell_bench`;
    const { key, formIds } = await seedBenchData(mongoUri);
    const inspectPort = await freePort();
    const { server, base } = await startBenchServer({
      mongoUri,
      redisUrl: redis.url,
      port: await freePort(),
      nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`, ...SERVER_NODE_ARGS],
    });
    cleanUp.push(() => server.stop());
    const serverPid = server.child.pid ?? -1;
    const client: TCurveClient = { base, key, formId: formIds[0] ?? '' };
    const template = await fetch(`${base}/api/v1/forms/submit`, {
      method: 'POST',
      headers: benchSubmitHeaders(key),
      body: benchSubmission(client.formId),
    }).then(async (response) => ((await response.json()) as { submissionId: string }).submissionId);
    await readAnalytics(client, 'week');
    const filler = await CurveFiller.open(mongoUri, template);
    cleanUp.push(() => filler.close());

    const exportOnce = async (label: string) => {
      await settled(engine.child.pid ?? -1);
      await settled(serverPid);
      const liveBefore = await liveHeapMiB(inspectPort);
      const csv = await timeCsvExport(client, serverPid);
      const liveAfter = await liveHeapMiB(inspectPort);
      console.log(
        `${label}: ${csv.rows.toLocaleString('en')} rows in ${csv.seconds.toFixed(1)} s; RSS ${csv.rssBeforeMiB.toFixed(0)} MiB before, ` +
          `peak ${csv.peakMiB.toFixed(0)} MiB (+${(csv.peakMiB - csv.rssBeforeMiB).toFixed(0)}); heap after a full collection ` +
          `${liveBefore.toFixed(0)} MiB before, ${liveAfter.toFixed(0)} MiB after; load average ${loadAverage()}`,
      );
    };

    console.log(
      `export memory: sizes ${SIZES.join(', ')}, server options ${SERVER_NODE_ARGS.join(' ') || 'none'}`,
    );
    for (const size of SIZES) {
      await filler.insert(Math.max(0, size - (await readAnalytics(client, 'week')).totalSubmissions), 5000);
      await filler.rebuild(client.formId);
      await exportOnce(`${size.toLocaleString('en')}, first`);
      await exportOnce(`${size.toLocaleString('en')}, again`);
    }
  } finally {
    for (const stop of cleanUp.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

await main();
