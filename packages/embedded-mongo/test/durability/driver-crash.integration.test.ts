import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedMongo } from '../../src/index.js';
import { makeDbPath } from './helpers.js';

const script = fileURLToPath(new URL('./driver-crash-writer.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

type Acked = { ids: string[]; counter: number };

/** Starts engine + driver in a child, lets it write for a random while, then SIGKILLs it. */
async function runAndKill(dbPath: string, run: number): Promise<Acked> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dbPath, String(run)], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const acked: Acked = { ids: [], counter: 0 };
  let onFirstAck: () => void = () => undefined;
  const firstAck = new Promise<void>((resolve) => (onFirstAck = resolve));
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? ''; // an unfinished line is not counted
    for (const line of lines) {
      const [kind, a, b] = line.split(' ');
      if (kind === 'ack') {
        acked.ids.push(`r${run}-l${a}-${b}`);
        onFirstAck();
      }
      if (kind === 'inc') acked.counter = Math.max(acked.counter, Number(a));
    }
  });
  await Promise.race([firstAck, exited]);
  await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
  child.kill('SIGKILL');
  await exited;
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
});
