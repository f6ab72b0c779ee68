import { mkdir, readdir, rmdir, stat, writeFile } from 'node:fs/promises';
import { afterEach, expect, test } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import { docsOf, journalFile, makeDbPath, snapshotFile } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function dbPathFor(label: string): Promise<string> {
  const { dbPath, cleanup } = await makeDbPath(label);
  cleanups.push(cleanup);
  return dbPath;
}

const put = (id: number, v: number, padBytes = 100) =>
  ({ t: 'put', db: 'd', coll: 'c', id, doc: { _id: id, v, pad: 'p'.repeat(padBytes) } }) as const;

test('recovery = snapshot + journal written after it', async () => {
  const dbPath = await dbPathFor('snap');
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  await store.commit([
    { t: 'createCollection', db: 'd', coll: 'c', options: { capped: false } },
    { t: 'createIndex', db: 'd', coll: 'c', spec: { key: { v: 1 }, name: 'v_1' } },
  ]);
  for (let i = 0; i < 50; i++) await store.commit([put(i, 1)]);
  await store.compact();
  expect(store.stats()).toMatchObject({ generation: 2, compactions: 1 });
  for (let i = 25; i < 75; i++) await store.commit([put(i, 2)]);
  await store.commit([{ t: 'del', db: 'd', coll: 'c', id: 0 }]);
  await store.close();
  expect((await readdir(dbPath)).sort()).toEqual(['journal-000000000002.log', 'snapshot-000000000002.bson']);

  const reopened = await openDurableStore({ dbPath });
  const docs = docsOf(reopened.state, 'd', 'c');
  expect(reopened.recovery).toMatchObject({
    snapshotGeneration: 2,
    journalsReplayed: 1,
    recordsReplayed: 51,
  });
  expect(docs.size).toBe(74);
  expect(docs.get('1')?.v).toBe(1);
  expect(docs.get('30')?.v).toBe(2);
  expect(
    reopened.state
      .get('d')
      ?.get('c')
      ?.indexes.map((s) => s.name),
  ).toEqual(['v_1']);
  expect(reopened.state.get('d')?.get('c')?.options).toEqual({ capped: false });
  await reopened.close();
});

test('automatic compaction keeps the journal bounded', async () => {
  const dbPath = await dbPathFor('bounded');
  const limit = 64 * 1024;
  const store = await openDurableStore({ dbPath, groupCommitMs: 0, compactJournalBytes: limit });
  let maxJournal = 0;
  // 20 ids rewritten over and over: the data stays small (20 KB) while the history grows to 2 MB.
  for (let round = 0; round < 100; round++) {
    await Promise.all(Array.from({ length: 20 }, (_, id) => store.commit([put(id, round, 1000)])));
    maxJournal = Math.max(maxJournal, (await stat(journalFile(dbPath, store.stats().generation))).size);
  }
  await store.commit([]);
  const { compactions } = store.stats();
  expect(compactions).toBeGreaterThan(10);
  // Bound: the threshold plus what arrives while one compaction runs (a few 20 KB rounds, more on
  // a loaded machine) — and independent of the 2 MB of history written.
  expect(maxJournal).toBeLessThan(8 * limit);
  await store.close();
  const files = await readdir(dbPath);
  // Two journals if close() interrupted a compaction (it abandons the snapshot, keeping both).
  expect(files.filter((f) => f.startsWith('journal-')).length).toBeLessThanOrEqual(2);
  expect(files.filter((f) => f.startsWith('snapshot-'))).toHaveLength(1);

  const reopened = await openDurableStore({ dbPath });
  const docs = docsOf(reopened.state, 'd', 'c');
  expect(docs.size).toBe(20);
  expect([...docs.values()].every((d) => d.v === 99)).toBe(true);
  await reopened.close();
});

test('a crash while a snapshot is being written loses nothing', async () => {
  const dbPath = await dbPathFor('snapcrash');
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  for (let i = 0; i < 10; i++) await store.commit([put(i, 1)]);
  await store.compact(); // snapshot 2
  for (let i = 10; i < 20; i++) await store.commit([put(i, 1)]);
  await store.close();
  // What a compaction interrupted before its rename leaves: journal 3 started (with commits in it)
  // and a half-written snapshot 3 under its temporary name.
  const s2 = await openDurableStore({ dbPath, groupCommitMs: 0 });
  await s2.close();
  await writeFile(journalFile(dbPath, 3), '');
  await writeFile(`${snapshotFile(dbPath, 3)}.tmp`, 'half a snapshot');
  const s3 = await openDurableStore({ dbPath, groupCommitMs: 0 });
  expect(s3.stats().generation).toBe(3);
  for (let i = 20; i < 30; i++) await s3.commit([put(i, 1)]);
  await s3.close();
  expect(await readdir(dbPath)).not.toContain('snapshot-000000000003.bson.tmp');

  const reopened = await openDurableStore({ dbPath });
  expect(reopened.recovery).toMatchObject({ snapshotGeneration: 2, journalsReplayed: 2 });
  expect(docsOf(reopened.state, 'd', 'c').size).toBe(30);
  await reopened.close();
});

test('a damaged newest snapshot is never silently replaced by less data', async () => {
  const dbPath = await dbPathFor('badsnap');
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  for (let i = 0; i < 10; i++) await store.commit([put(i, 1)]);
  await store.compact();
  await store.close();
  const path = snapshotFile(dbPath, 2);
  const size = (await stat(path)).size;
  await writeFile(path, Buffer.alloc(size));
  await expect(openDurableStore({ dbPath })).rejects.toThrow(/no readable snapshot/);
});

test('commits keep flowing while a compaction runs, and all of them survive', async () => {
  const dbPath = await dbPathFor('concurrent');
  const store = await openDurableStore({ dbPath, groupCommitMs: 1 });
  await Promise.all(Array.from({ length: 2000 }, (_, i) => store.commit([put(i, 0)])));
  const compaction = store.compact();
  const during = Array.from({ length: 500 }, (_, i) => store.commit([put(2000 + i, 1), put(i, 1)]));
  await Promise.all([compaction, ...during]);
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  const docs = docsOf(reopened.state, 'd', 'c');
  expect(docs.size).toBe(2500);
  expect(docs.get('499')?.v).toBe(1);
  expect(docs.get('500')?.v).toBe(0);
  await reopened.close();
});

test('a compaction that fails (here: cannot create its file) loses nothing and commits go on', async () => {
  const dbPath = await dbPathFor('failing');
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  for (let i = 0; i < 10; i++) await store.commit([put(i, 1)]);
  await mkdir(`${snapshotFile(dbPath, 2)}.tmp`); // a directory where the snapshot file should go
  await expect(store.compact()).rejects.toThrow(/EISDIR/);
  for (let i = 10; i < 20; i++) await store.commit([put(i, 1)]);
  await store.close();
  await rmdir(`${snapshotFile(dbPath, 2)}.tmp`);
  const reopened = await openDurableStore({ dbPath });
  expect(reopened.recovery).toMatchObject({ snapshotGeneration: null, journalsReplayed: 2 });
  expect(docsOf(reopened.state, 'd', 'c').size).toBe(20);
  await reopened.compact();
  await reopened.close();
  expect((await readdir(dbPath)).sort()).toEqual(['journal-000000000003.log', 'snapshot-000000000003.bson']);
});

test('large documents, which the mirror keeps as views into their journal frames, snapshot and recover intact', async () => {
  const dbPath = await dbPathFor('views');
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  await store.commit([{ t: 'createCollection', db: 'd', coll: 'c', options: {} }]);
  // Alone in its frame (a counter document updated alone), each large document is kept as a view;
  // beside a small one it is still most of its frame; many of them in one frame are copied.
  for (let round = 1; round <= 3; round++) {
    for (let i = 0; i < 10; i++) await store.commit([put(i, round, 8000)]);
    await store.commit([put(100, round, 8000), put(101, round, 10)]);
    await store.commit(Array.from({ length: 10 }, (_, i) => put(200 + i, round, 5000)));
    // The last snapshot is written from the mirror alone (what recovery then reads).
    if (round >= 2) await store.compact();
  }
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  const docs = docsOf(reopened.state, 'd', 'c');
  expect(docs.size).toBe(22);
  for (const [id, doc] of docs) {
    expect(doc.v, id).toBe(3);
    expect(String(doc.pad).length, id).toBe(id === '101' ? 10 : Number(id) >= 200 ? 5000 : 8000);
  }
  await reopened.close();
});
