import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { TPacedOptions, TPacedResult } from './paced-client.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const AUTOCANNON = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds: number;
  /** Stop after this many requests instead of after `durationSeconds`. */
  amount?: number;
  /** Requests per second for all connections (open-loop, latency corrected for coordinated omission). */
  rate?: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** How long the run lasted (autocannon's own measure). */
  durationSeconds: number;
};

type TAutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  duration: number;
};

/** One autocannon run in its own process (the load generator must not share the server's CPU time slice). */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 16,
  durationSeconds,
  amount,
  rate,
}: LoadOptions): Promise<LoadResult> {
  const args = [
    AUTOCANNON,
    '-j',
    '-n',
    '-c',
    String(connections),
    ...(amount === undefined ? ['-d', String(durationSeconds)] : ['-a', String(amount)]),
    '-m',
    method,
  ];
  for (const [name, value] of Object.entries(headers)) {
    args.push('-H', `${name}=${value}`);
  }
  if (body !== undefined) {
    args.push('-b', body);
  }
  if (rate !== undefined) {
    args.push('-R', String(rate));
  }
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as TAutocannonJson;

  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    durationSeconds: result.duration,
  };
}

/**
 * An evenly paced open-loop run (bench/paced-client.ts, its own process): latency from each
 * request's due time, so p99 includes the waits a stalled server causes. A Node that strips types
 * itself runs the client's file as it is; an older one loads it through tsx.
 */
export async function pacedLoad(options: TPacedOptions): Promise<TPacedResult> {
  const client = fileURLToPath(new URL('paced-client.ts', import.meta.url));
  const { stdout } = await run(
    process.execPath,
    [...(process.features.typescript ? [] : ['--import', 'tsx']), client, JSON.stringify(options)],
    { maxBuffer: 1024 * 1024 },
  );

  return JSON.parse(stdout) as TPacedResult;
}
