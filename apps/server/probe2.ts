import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';
import { authenticateApiKey, getForm } from '@formwell/core';
import { connectDatabase, apiKeyRepository, userRepository, formRepository } from '@formwell/db';
import { Redis } from 'ioredis';
import { seedBenchData } from './bench/seed.js';

const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
const uri = `${mongo.uri.replace(/\/$/, '')}/formwell_bench`;
const { key, formIds } = await seedBenchData(uri);
await connectDatabase({ uri });
const time = async (name: string, fn: () => Promise<unknown>) => {
  console.log("start", name); for (let i = 0; i < 5; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < 100; i++) await fn();
  console.log(name, ((performance.now() - t) / 100).toFixed(3), 'ms');
};
const auth = await authenticateApiKey({ key });
await time('authenticateApiKey', () => authenticateApiKey({ key }));
await time('findByHash', () => apiKeyRepository.findByHash({ keyHash: 'x'.repeat(64) }));
await time('user findById', () => userRepository.findById({ userId: auth.user.id }));
await time('touchLastUsed', () => apiKeyRepository.touchLastUsed({ keyId: auth.apiKey.id, now: new Date() }));
await time('getForm', () => getForm({ userId: auth.user.id, formId: formIds[0] ?? '' }));
await time('form findById', () => formRepository.findById({ userId: auth.user.id, formId: formIds[0] ?? '' }));
const r = new Redis(redis.url);
await time('redis incr', () => r.incr('x'));
r.disconnect();
process.exit(0);
