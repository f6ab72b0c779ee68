import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import type { TestProject } from 'vitest/node';

import { startRedisServer } from './redis-server.js';

import './services.js';

/**
 * Starts one private redis-server and one in-memory embedded engine for the whole run, and makes
 * the run's own scratch folder (shared build outputs and cross-file locks live there).
 */
export default async function setup(project: TestProject) {
  const [redis, mongo, runDir] = await Promise.all([
    startRedisServer(),
    startEmbeddedMongo({ port: 0 }),
    mkdtemp(join(tmpdir(), 'formwell-test-run-')),
  ]);
  project.provide('redisUrl', redis.url);
  project.provide('mongoUri', mongo.uri);
  project.provide('runDir', runDir);

  return async () => {
    await Promise.all([redis.stop(), mongo.stop()]);
    await rm(runDir, { recursive: true, force: true });
  };
}
