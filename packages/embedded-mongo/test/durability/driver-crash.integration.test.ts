import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedMongo } from '../../src/index.js';
import { makeDbPath } from './helpers.js';
import { runAndKillWriter } from './kill-writer.js';

const script = fileURLToPath(new URL('./driver-crash-writer.ts', import.meta.url));

type Acked = { ids: string[]; counter: number };

/** Starts engine + driver in a child, lets it write for a random while, then SIGKILLs it. */
async function runAndKill(dbPath: string, run: number): Promise<Acked> {
  const acked: Acked = { ids: [], counter: 0 };
  await runAndKillWriter({
    script,
    args: [dbPath, String(run)],
    onLine: ([kind, a, b]) => {
      if (kind === 'ack') acked.ids.push(`r${run}-l${a}-${b}`);
      if (kind === 'inc') acked.counter = Math.max(acked.counter, Number(a));
    },
    minMs: 300,
    spreadMs: 1200,
  });
  return acked;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

test('driver writes acknowledged before a SIGKILL of the engine are there after a restart', async () => {
  const { dbPath, cleanup } = await makeDbPath('driver-crash');
  cleanups.push(cleanup);
  const allIds: string[] = [];
  let counter = 0;
  for (let run = 0; run < 3; run++) {
    const acked = await runAndKill(dbPath, run);
    expect(acked.ids.length).toBeGreaterThan(0);
    allIds.push(...acked.ids);
    counter = Math.max(counter, acked.counter);

    const server = await startEmbeddedMongo({ dbPath });
    const client = await MongoClient.connect(server.uri);
    try {
      const events = client.db('e2e').collection<{ _id: string }>('events');
      const present = new Set(
        (await events.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
      );
      expect(allIds.filter((id) => !present.has(id))).toEqual([]);
      const indexes = (await events.listIndexes().toArray()) as Array<{ name: string; unique?: boolean }>;
      expect(indexes.find((i) => i.name === 'loop_1_n_1')?.unique).toBe(true);
      const c = await client
        .db('e2e')
        .collection<{ _id: string; value: number }>('counters')
        .findOne({ _id: 'c' });
      expect(c?.value ?? 0).toBeGreaterThanOrEqual(counter);
    } finally {
      await client.close();
      await server.stop();
    }
  }
}, 180_000); // three engine processes started, killed and recovered: slow on a busy machine
