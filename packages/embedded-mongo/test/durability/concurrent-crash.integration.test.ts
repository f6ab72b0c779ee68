import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedMongo } from '../../src/index.js';
import { makeDbPath } from './helpers.js';
import { runAndKillWriter } from './kill-writer.js';

const script = fileURLToPath(new URL('./concurrent-crash-writer.ts', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * Group commit acknowledges many concurrent writes with one fdatasync; each must be acknowledged
 * only once the fdatasync covering it has completed. 64 driver connections insert at once and the
 * engine is killed (SIGKILL) at a random moment: every insert acknowledged before the kill must be
 * there after a restart, in every run, and the writes must really have shared fdatasyncs.
 */
test('many concurrent inserts sharing fdatasyncs are all present after a SIGKILL following their acks', async () => {
  const { dbPath, cleanup } = await makeDbPath('concurrent-crash');
  cleanups.push(cleanup);
  const acked: string[] = [];
  let shared = { commits: 0, fsyncs: 0 };
  for (let run = 0; run < 3; run++) {
    const before = acked.length;
    await runAndKillWriter({
      script,
      args: [dbPath, String(run)],
      onLine: ([kind, a, b]) => {
        if (kind === 'ack') acked.push(`r${String(run)}-l${a ?? ''}-${b ?? ''}`);
        if (kind === 'stats') shared = { commits: Number(a), fsyncs: Number(b) };
      },
      minMs: 300,
      spreadMs: 1200,
    });
    expect(acked.length).toBeGreaterThan(before);
    // Concurrent commits were batched: far fewer fdatasyncs than commits.
    expect(shared.fsyncs).toBeGreaterThan(0);
    expect(shared.commits).toBeGreaterThan(2 * shared.fsyncs);

    const server = await startEmbeddedMongo({ dbPath });
    const client = await MongoClient.connect(server.uri);
    try {
      const docs = client.db('gc').collection<{ _id: string }>('docs');
      const present = new Set((await docs.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
      expect(acked.filter((id) => !present.has(id))).toEqual([]);
    } finally {
      await client.close();
      await server.stop();
    }
  }
}, 180_000); // three engine processes started, killed and recovered: slow on a busy machine
