import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startTestEngine } from '@formwell/embedded-mongo/testing';
import type { TestProject } from 'vitest/node';

import { embeddedMongoServerVersion } from './env.js';
import { startRedisServer } from './redis-server.js';

import './services.js';

/**
 * Starts one private redis-server and one in-memory embedded engine for the whole run, and makes
 * the run's own scratch folder (shared build outputs and cross-file locks live there).
 * EMBEDDED_MONGO_SERVER_VERSION=7.0 makes the engine answer as MongoDB 7.0 (no `bulkWrite`), to
 * run a suite against the fallback paths for servers older than 8.0.
 */
export default async function setup(project: TestProject) {
  const [redisStart, mongoStart, dirMade] = await Promise.allSettled([
    startRedisServer(),
    startTestEngine({ serverVersion: embeddedMongoServerVersion() }),
    mkdtemp(join(tmpdir(), 'formwell-test-run-')),
  ]);
  if (redisStart.status === 'rejected' || mongoStart.status === 'rejected' || dirMade.status === 'rejected') {
    // Stop what did start (a redis-server left running would keep the run from ever ending).
    await Promise.all([
      redisStart.status === 'fulfilled' && redisStart.value.stop(),
      mongoStart.status === 'fulfilled' && mongoStart.value.stop(),
      dirMade.status === 'fulfilled' && rm(dirMade.value, { recursive: true, force: true }),
    ]);
    const failed = [redisStart, mongoStart, dirMade].find((r) => r.status === 'rejected');
    throw failed?.reason;
  }
  const [redis, mongo, runDir] = [redisStart.value, mongoStart.value, dirMade.value];
  project.provide('redisUrl', redis.url);
  project.provide('mongoUri', mongo.uri);
  project.provide('runDir', runDir);

  return async () => {
    await Promise.all([redis.stop(), mongo.stop()]);
    await rm(runDir, { recursive: true, force: true });
  };
}
