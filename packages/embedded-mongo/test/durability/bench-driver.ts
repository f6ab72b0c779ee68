/**
 * End-to-end write throughput through the official driver against startEmbeddedMongo({ dbPath })
 * at groupCommitMs 100 (the default) and 0 (not a test):  node --import tsx test/durability/bench-driver.ts
 */
import { MongoClient } from 'mongodb';
import { performance } from 'node:perf_hooks';
import { startEmbeddedMongo } from '../../src/index.js';
import { makeDbPath } from './helpers.js';

for (const [clients, groupCommitMs] of [
  [1, 100],
  [16, 100],
  [64, 100],
  [1, 0],
  [16, 0],
] as const) {
  const { dbPath, cleanup } = await makeDbPath('bench-driver');
  const server = await startEmbeddedMongo({ dbPath, groupCommitMs });
  const client = await MongoClient.connect(server.uri, { maxPoolSize: clients });
  const coll = client.db('bench').collection('docs');
  const seconds = 3;
  const deadline = performance.now() + seconds * 1000;
  let inserted = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        await coll.insertOne({ name: 'x', n: inserted });
        inserted++;
      }
    }),
  );
  console.log(
    `${clients} insertOne loop(s), groupCommitMs ${groupCommitMs}: ${(inserted / seconds).toFixed(0)} acknowledged inserts/s`,
  );
  await client.close();
  await server.stop();
  await cleanup();
}
