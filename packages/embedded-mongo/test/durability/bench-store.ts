/**
 * Throughput figures for the durable store (not a test):
 *   node --import tsx test/durability/bench-store.ts [records=1000000]
 * Prints commits/s and fdatasyncs/s for 1 and 16 committers at groupCommitMs 100 and 0, then the
 * time to write, replay, compact and reload N one-record commits.
 */
import { performance } from 'node:perf_hooks';
import { openDurableStore } from '../../src/persistence/index.js';
import { makeDbPath } from './helpers.js';

const total = Number(process.argv[2] ?? 1_000_000);
const put = (id: number) =>
  [{ t: 'put', db: 'bench', coll: 'c', id, doc: { _id: id, name: `user${id}`, n: id % 97 } }] as const;

async function throughput(committers: number, groupCommitMs: number, seconds: number): Promise<void> {
  const { dbPath, cleanup } = await makeDbPath('bench');
  const store = await openDurableStore({ dbPath, groupCommitMs });
  const deadline = performance.now() + seconds * 1000;
  let id = 0;
  await Promise.all(
    Array.from({ length: committers }, async () => {
      while (performance.now() < deadline) await store.commit(put(id++));
    }),
  );
  const { commits, fsyncs } = store.stats();
  console.log(
    `${committers} committer(s), groupCommitMs ${groupCommitMs}: ${(commits / seconds).toFixed(0)} commits/s, ` +
      `${(fsyncs / seconds).toFixed(0)} fdatasyncs/s, ${(commits / fsyncs).toFixed(1)} commits per fdatasync`,
  );
  await store.close();
  await cleanup();
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

for (const [committers, ms] of [
  [1, 100],
  [16, 100],
  [1, 0],
  [16, 0],
  [64, 0],
] as const) {
  await throughput(committers, ms, 2);
}

const { dbPath, cleanup } = await makeDbPath('bench-replay');
const writer = await openDurableStore({ dbPath, groupCommitMs: 0, compactJournalBytes: 2 ** 40 });
await timed(`write ${total} one-record commits (pipelined 10k at a time)`, async () => {
  for (let base = 0; base < total; base += 10_000) {
    await Promise.all(
      Array.from({ length: Math.min(10_000, total - base) }, (_, i) => writer.commit(put(base + i))),
    );
  }
});
console.log(`journal: ${(writer.stats().journalBytes / 2 ** 20).toFixed(1)} MiB`);
await writer.close();
const replayed = await timed(`open = replay ${total} journal frames`, () => openDurableStore({ dbPath }));
console.log(`recovery report: ${JSON.stringify(replayed.recovery)}`);
await timed('compact (snapshot of all documents)', () => replayed.compact());
await replayed.close();
const loaded = await timed(`open = load snapshot of ${total} documents`, () => openDurableStore({ dbPath }));
await loaded.close();
await cleanup();
