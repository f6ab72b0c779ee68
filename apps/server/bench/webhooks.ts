import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import {
  createApiKey,
  createForm,
  createUser,
  createWebhookEndpoint,
  loadConfig,
  setUserPlan,
} from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';
import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { spawnProcess } from './spawn-process.js';

/**
 * Webhook delivery bench (not part of `pnpm bench`): the real server and worker processes, ten
 * forms with one webhook each pointing at a receiver in this process.
 *   1. A steady SUBMIT_RATE submissions/s (default 100) for BENCH_SECONDS (default 20): deliveries/s
 *      and submit-to-receiver latency p50/p99, lost and duplicated deliveries.
 *   2. A burst of BURST submissions (default 2000): the maximum sustained delivery rate with the
 *      default worker concurrency.
 *
 *   cd apps/server && node --import tsx --conditions=@formwell/source bench/webhooks.ts
 */
const rate = Number(process.env.SUBMIT_RATE ?? '100');
const seconds = Number(process.env.BENCH_SECONDS ?? '20');
const burst = Number(process.env.BURST ?? '2000');
const appDir = fileURLToPath(new URL('..', import.meta.url));
const workerDir = fileURLToPath(new URL('../../worker', import.meta.url));

const received = new Map<string, number>();
let duplicates = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    const id = (JSON.parse(body) as { data: { submissionId: string } }).data.submissionId;
    if (received.has(id)) {
      duplicates++;
    } else {
      received.set(id, performance.now());
    }
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_webhook_bench`;
const config = loadConfig({ env: {} });
await connectDatabase({ uri: mongoUri });
const user = await createUser({ config, input: { email: 'bench@example.com', plan: 'PRO' } });
await setUserPlan({ config, userId: user.id, plan: 'PRO', quotaLimit: 1_000_000_000 });
const { key } = await createApiKey({ userId: user.id, name: 'bench' });
const formIds: string[] = [];
for (let index = 0; index < 10; index++) {
  const form = await createForm({
    config,
    userId: user.id,
    input: { name: `Form ${index}`, formType: 'contact' },
  });
  await createWebhookEndpoint({ config, userId: user.id, formId: form.id, url: hookUrl });
  formIds.push(form.id);
}
await disconnectDatabase();

const common = {
  PATH: process.env.PATH ?? '',
  MONGODB_URI: mongoUri,
  REDIS_URL: redis.url,
  LOG_LEVEL: 'warn',
  // The bench measures delivery, not the submit rate limit.
  RATE_LIMIT_SUBMIT: '100000000/60',
};
const server = spawnProcess(
  process.execPath,
  ['--import', 'tsx', '--conditions=@formwell/source', 'bench/server-entry.ts'],
  {
    cwd: appDir,
    env: {
      ...common,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      NODE_ENV: 'development',
      // The entry then loads the sources, as the source condition above resolves the packages.
      BENCH_FROM_SOURCES: '1',
    },
  },
);
const worker = spawnProcess(
  process.execPath,
  ['--import', 'tsx', '--conditions=@formwell/source', 'src/main.ts'],
  {
    cwd: workerDir,
    env: { ...common, LOG_LEVEL: 'info', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
  },
);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);

  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function waitForDeliveries(ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && ids.some((id) => !received.has(id))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  const [, base] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);
  await worker.waitFor(/worker started/, 60_000);
  const submit = async (n: number): Promise<{ id: string; sentAt: number } | null> => {
    const sentAt = performance.now();
    const response = await fetch(`${base}/api/v1/forms/submit`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ formId: formIds[n % formIds.length], data: { email: `v${n}@example.com`, n } }),
    });
    const body = (await response.json()) as { submissionId?: string };

    return response.status === 201 && body.submissionId ? { id: body.submissionId, sentAt } : null;
  };

  // 1. Steady rate, open loop: one submission every 1000/rate ms whatever the answers do. A first
  //    run of WARMUP_SECONDS (default 3) warms both processes up and is not reported.
  const steadyRun = async (runSeconds: number, offset: number) => {
    duplicates = 0;
    const pending: Promise<{ id: string; sentAt: number } | null>[] = [];
    const started = performance.now();
    for (let n = 0; n < rate * runSeconds; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      pending.push(submit(offset + n));
    }
    const sent = (await Promise.all(pending)).filter((item) => item !== null);
    await waitForDeliveries(
      sent.map((item) => item.id),
      60_000,
    );
    const latencies = sent
      .filter((item) => received.has(item.id))
      .map((item) => (received.get(item.id) ?? 0) - item.sentAt);
    const arrivals = sent.map((item) => received.get(item.id)).filter((at) => at !== undefined);

    return {
      phase: 'steady',
      submitRate: rate,
      seconds: runSeconds,
      submitted: rate * runSeconds,
      accepted: sent.length,
      delivered: latencies.length,
      lost: sent.length - latencies.length,
      duplicates,
      deliveriesPerSecond: Math.round((arrivals.length / (Math.max(...arrivals) - started)) * 1000),
      latencyP50Ms: Math.round(percentile(latencies, 50)),
      latencyP99Ms: Math.round(percentile(latencies, 99)),
    };
  };
  await steadyRun(Number(process.env.WARMUP_SECONDS ?? '3'), 2_000_000);
  console.log(JSON.stringify(await steadyRun(seconds, 0)));

  // 2. Burst: everything submitted as fast as the server answers, then the delivery rate measured.
  duplicates = 0;
  const burstIds: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < burst) {
        const result = await submit(1_000_000 + next++);
        if (result) {
          burstIds.push(result.id);
        }
      }
    }),
  );
  await waitForDeliveries(burstIds, 300_000);
  const times = burstIds.map((id) => received.get(id)).filter((at) => at !== undefined);
  console.log(
    JSON.stringify({
      phase: 'burst',
      submitted: burst,
      accepted: burstIds.length,
      delivered: times.length,
      duplicates,
      maxDeliveriesPerSecond: Math.round((times.length / (Math.max(...times) - Math.min(...times))) * 1000),
    }),
  );
} finally {
  await worker.stop();
  await server.stop();
  await mongo.stop();
  await redis.stop();
  receiver.close();
}
