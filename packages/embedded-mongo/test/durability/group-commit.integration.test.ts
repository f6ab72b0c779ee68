import { performance } from 'node:perf_hooks';
import { afterEach, expect, test } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import type { DurableStore } from '../../src/persistence/index.js';
import { makeDbPath } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function open(groupCommitMs: number): Promise<DurableStore> {
  const { dbPath, cleanup } = await makeDbPath('group');
  const store = await openDurableStore({ dbPath, groupCommitMs });
  cleanups.push(async () => {
    await store.close();
    await cleanup();
  });
  return store;
}

const put = (id: number) => [{ t: 'put', db: 'd', coll: 'c', id, doc: { _id: id } }] as const;

test('commits issued together share one fdatasync', async () => {
  const store = await open(100);
  await Promise.all(Array.from({ length: 200 }, (_, i) => store.commit(put(i))));
  expect(store.stats()).toMatchObject({ commits: 200, fsyncs: 1 });
});

test('an idle writer is flushed at once, not after the window', async () => {
  const store = await open(60_000);
  await store.commit(put(1)); // would time out if it waited for the window
  expect(store.stats().fsyncs).toBe(1);
});

test('16 concurrent committers: fdatasyncs are batched and spaced by groupCommitMs', async () => {
  const groupCommitMs = 20;
  const store = await open(groupCommitMs);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 10; i++) await store.commit(put(next++));
    }),
  );
  const elapsed = performance.now() - started;
  const { fsyncs, commits } = store.stats();
  expect(commits).toBe(160);
  // Every flush after the first starts at least groupCommitMs after the previous one.
  expect(fsyncs).toBeLessThanOrEqual(Math.floor(elapsed / groupCommitMs) + 1);
  expect(fsyncs).toBeLessThanOrEqual(40); // ~16 commits per flush (10 flushes), not one each
});

test('a lone sequential writer gets one fdatasync per commit when groupCommitMs is 0', async () => {
  const store = await open(0);
  for (let i = 0; i < 50; i++) await store.commit(put(i));
  expect(store.stats()).toMatchObject({ commits: 50, fsyncs: 50 });
});
