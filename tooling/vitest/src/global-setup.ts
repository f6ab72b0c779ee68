import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import type { TestProject } from 'vitest/node';

import { startRedisServer } from './redis-server.js';

import './services.js';

/** Starts one private redis-server and one in-memory embedded engine for the whole run. */
export default async function setup(project: TestProject) {
  const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
  project.provide('redisUrl', redis.url);
  project.provide('mongoUri', mongo.uri);

  return async () => {
    await Promise.all([redis.stop(), mongo.stop()]);
  };
}
