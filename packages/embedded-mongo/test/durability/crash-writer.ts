/**
 * Child process for the crash test (run with `node --import tsx`): opens the store at argv[2] and
 * commits forever from `workers` concurrent writers, printing `ack <worker> <n>` once commit n of a
 * worker resolved. Each commit is one atomic batch: the document `w<worker>-<n>`, the worker's
 * counter document set to n, and every 5th time the deletion of document n-3.
 * With `compactLoop`, it also compacts back to back, so a kill often lands inside a compaction.
 */
import { openDurableStore } from '../../src/persistence/index.js';
import type { ChangeRecord } from '../../src/persistence/index.js';

export type CrashWriterOptions = {
  workers: number;
  groupCommitMs: number;
  compactLoop: boolean;
  padBytes: number;
};

const dbPath = process.argv[2] ?? '';
const options = JSON.parse(process.argv[3] ?? '{}') as CrashWriterOptions;
const store = await openDurableStore({ dbPath, groupCommitMs: options.groupCommitMs });
const pad = 'x'.repeat(options.padBytes);
// Continue where the previous (killed) run of this worker stopped, so ids stay unique across runs.
const start = new Map<number, number>();
for (const bytes of store.state.get('crash')?.get('counters')?.documents ?? []) {
  const { deserialize } = await import('bson');
  const doc = deserialize(bytes) as { w: number; n: number };
  start.set(doc.w, doc.n);
}
process.stdout.write(`ready ${JSON.stringify(store.recovery)}\n`);

async function worker(w: number): Promise<void> {
  for (let n = (start.get(w) ?? 0) + 1; ; n++) {
    const batch: ChangeRecord[] = [
      { t: 'put', db: 'crash', coll: 'docs', id: `w${w}-${n}`, doc: { _id: `w${w}-${n}`, w, n, pad } },
      { t: 'put', db: 'crash', coll: 'counters', id: w, doc: { _id: w, w, n } },
    ];
    if (n % 5 === 0) batch.push({ t: 'del', db: 'crash', coll: 'docs', id: `w${w}-${n - 3}` });
    await store.commit(batch);
    // Pipes are synchronous on Linux: once written, the line survives our SIGKILL.
    process.stdout.write(`ack ${w} ${n}\n`);
  }
}

async function compactLoop(): Promise<void> {
  for (;;) {
    await store.compact();
    process.stdout.write(`compacted ${store.stats().generation}\n`);
  }
}

await Promise.all([
  ...Array.from({ length: options.workers }, (_, w) => worker(w)),
  ...(options.compactLoop ? [compactLoop()] : []),
]);
