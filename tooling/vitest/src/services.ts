import { randomBytes } from 'node:crypto';

import { inject } from 'vitest';

import { vitestPoolId } from './env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    redisUrl: string;
    runDir: string;
  }
}

/** Redis has 16 logical databases (0-15) unless configured otherwise. */
const REDIS_DATABASES = 16;

/**
 * The Redis URL of the run's private redis-server, on a logical database of this vitest worker's
 * own: files run in parallel, and queues, heartbeats and rate-limit counters have fixed key names,
 * so two files must never share a database at the same time. Files of one worker run one after
 * another, as the whole run did before files ran in parallel.
 */
export function testRedisUrl(): string {
  const url = new URL(inject('redisUrl'));
  url.pathname = `/${vitestPoolId() % REDIS_DATABASES}`;

  return url.toString();
}

/**
 * A MongoDB URI on the run's embedded engine with a database of its own, so test files that run in
 * parallel never see each other's data.
 */
export function testMongoUri(label = 'test'): string {
  const url = new URL(inject('mongoUri'));
  url.pathname = `/${label.replace(/[^a-z0-9_]/gi, '_')}_${randomBytes(4).toString('hex')}`;

  return url.toString();
}

/**
 * A scratch folder of this run, shared by all its test files and removed when the run ends: for
 * outputs built once per run (one file builds, the others reuse) and for cross-file locks.
 */
export function testRunDir(): string {
  return inject('runDir');
}
