import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

import { createApiKey, createForm, createUser, loadConfig, updateForm } from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';
import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import mongoose from 'mongoose';

import { spawnProcess } from './spawn-process.js';

/**
 * Upload bench (not part of `pnpm bench`, not a test): the real server process (sources, under
 * tsx) on the embedded engine and redis-server. For 1, 10 and 25 MB files it prints
 *
 * - the server's peak RSS while the upload runs (sampled from /proc every 10 ms) and its growth
 *   over the RSS before: it should not grow with the file size (files stream, never held whole);
 * - upload throughput in MB/s through `POST /f/{formId}` (multipart), against the floor of the same
 *   bytes written to GridFS directly with the driver in this process, in the same run;
 * - the time to first byte of downloading the file back through the REST route.
 *
 *   cd apps/server && node --import tsx --conditions=@formwell/source bench/uploads.ts
 */
const MB = 1024 * 1024;
const sizesMb = (process.env.UPLOAD_SIZES_MB ?? '1,10,25').split(',').map(Number);
const rounds = Number(process.env.UPLOAD_ROUNDS ?? '3');
const appDir = fileURLToPath(new URL('..', import.meta.url));

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const mongoUri = `${mongo.uri.replace(/\/$/, '')}/formwell_upload_bench`;
const config = loadConfig({ env: {} });
await connectDatabase({ uri: mongoUri });
const user = await createUser({ config, input: { email: 'uploader@example.com', plan: 'PRO' } });
const form = await createForm({
  config,
  userId: user.id,
  input: {
    name: 'Uploads',
    formType: 'contact',
    fields: [{ name: 'file', label: 'File', type: 'file', maxSizeMb: 25 }],
  },
});
await updateForm({
  config,
  userId: user.id,
  formId: form.id,
  data: { publicSubmissions: { enabled: true } },
});
const { key } = await createApiKey({ userId: user.id, name: 'bench' });

const port = 20_000 + Math.floor(Math.random() * 20_000);
const server = spawnProcess(
  process.execPath,
  ['--import', 'tsx', '--conditions=@formwell/source', 'bench/server-entry.ts'],
  {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? '',
      MONGODB_URI: mongoUri,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      NODE_ENV: 'development',
      RATE_LIMIT_PUBLIC_SUBMIT: '100000/60',
      BENCH_FROM_SOURCES: '1',
    },
  },
);

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));

  return Number(line?.[1] ?? 0) / 1024;
}

/** The bytes as 64 KB chunks, as a socket delivers them. */
function chunks(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < bytes.length; start += 64 * 1024) {
        yield bytes.subarray(start, start + 64 * 1024);
      }
    })(),
  );
}

async function directGridFs(bytes: Buffer): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) {
    throw new Error('not connected');
  }
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'bench_direct' });
  const started = performance.now();
  const upload = bucket.openUploadStream('direct.bin');
  await pipeline(chunks(bytes), upload);
  const ms = performance.now() - started;
  await bucket.delete(upload.id);

  return ms;
}

async function uploadThroughServer(base: string, bytes: Buffer, pid: number) {
  const body = new FormData();
  body.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'file.bin');
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  const response = await fetch(`${base}/f/${form.id}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body,
  });
  const answer = (await response.json()) as { submissionId?: string };
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (response.status !== 201 || !answer.submissionId) {
    throw new Error(`upload answered ${String(response.status)}: ${JSON.stringify(answer)}`);
  }

  return { ms, before, peak, submissionId: answer.submissionId };
}

async function timeToFirstByte(base: string, submissionId: string): Promise<number> {
  const listed = (await (
    await fetch(`${base}/api/v1/forms/${form.id}/submissions?limit=1`, { headers: { 'x-api-key': key } })
  ).json()) as { submissions: { id: string; data: { file: { fileId: string } } }[] };
  const fileId = listed.submissions.find((item) => item.id === submissionId)?.data.file.fileId ?? '';
  const started = performance.now();
  const response = await fetch(
    `${base}/api/v1/forms/${form.id}/submissions/${submissionId}/files/${fileId}`,
    {
      headers: { 'x-api-key': key },
    },
  );
  const reader = response.body?.getReader();
  await reader?.read();
  const ms = performance.now() - started;
  await reader?.cancel();

  return ms;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  const [, base = ''] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 120_000);
  const pid = server.child.pid ?? 0;
  // One small upload first, so start-up allocations are not counted against the first size.
  await uploadThroughServer(base, randomBytes(64 * 1024), pid);
  console.log(
    'size  | server RSS before → peak (growth) | upload MB/s | GridFS direct MB/s | ratio | download TTFB',
  );
  for (const sizeMb of sizesMb) {
    const bytes = randomBytes(sizeMb * MB);
    const uploads: number[] = [];
    const directs: number[] = [];
    const ttfbs: number[] = [];
    let before = Number.POSITIVE_INFINITY;
    let peak = 0;
    for (let round = 0; round < rounds; round++) {
      directs.push(await directGridFs(bytes));
      const upload = await uploadThroughServer(base, bytes, pid);
      uploads.push(upload.ms);
      before = Math.min(before, upload.before);
      peak = Math.max(peak, upload.peak);
      ttfbs.push(await timeToFirstByte(base, upload.submissionId));
    }
    const mbps = (ms: number) => sizeMb / (ms / 1000);
    console.log(
      `${String(sizeMb).padStart(2)} MB | ${before.toFixed(0)} → ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB) | ` +
        `${mbps(median(uploads)).toFixed(1)} | ${mbps(median(directs)).toFixed(1)} | ` +
        `${(median(directs) / median(uploads)).toFixed(2)} | ${median(ttfbs).toFixed(1)} ms`,
    );
  }
} finally {
  await server.stop();
  await disconnectDatabase();
  await Promise.all([redis.stop(), mongo.stop()]);
}
