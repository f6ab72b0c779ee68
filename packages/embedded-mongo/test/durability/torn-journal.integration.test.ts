import { appendFile, copyFile, open, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { afterEach, expect, test } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import { docsOf, journalFile, makeDbPath } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Commits ids 0..count-1, one frame each, and returns the journal size after each frame. */
async function writeFrames(dbPath: string, count: number): Promise<number[]> {
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    await store.commit([{ t: 'put', db: 'd', coll: 'c', id: i, doc: { _id: i, pad: 'x'.repeat(50) } }]);
    sizes.push(store.stats().journalBytes);
  }
  await store.close();
  return sizes;
}

async function setUp(label: string, frames: number): Promise<{ dbPath: string; sizes: number[] }> {
  const { dbPath, cleanup } = await makeDbPath(label);
  cleanups.push(cleanup);
  return { dbPath, sizes: await writeFrames(dbPath, frames) };
}

async function reopenIds(dbPath: string): Promise<{ ids: string[]; truncatedBytes: number }> {
  const store = await openDurableStore({ dbPath });
  const ids = [...docsOf(store.state, 'd', 'c').keys()].sort((a, b) => Number(a) - Number(b));
  const { truncatedBytes } = store.recovery;
  await store.close();
  return { ids, truncatedBytes };
}

const range = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i));

test('a torn last frame is dropped, the file is cut back, and writing resumes after it', async () => {
  const { dbPath, sizes } = await setUp('torn', 10);
  const path = journalFile(dbPath, 1);
  const lastGood = sizes[8] ?? 0;
  await truncate(path, lastGood + 7); // the 10th frame lost most of its bytes in the "crash"
  const { ids, truncatedBytes } = await reopenIds(dbPath);
  expect(ids).toEqual(range(9));
  expect(truncatedBytes).toBe(7);
  expect((await stat(path)).size).toBe(lastGood);

  const store = await openDurableStore({ dbPath });
  await store.commit([{ t: 'put', db: 'd', coll: 'c', id: 100, doc: { _id: 100 } }]);
  await store.close();
  expect((await reopenIds(dbPath)).ids).toEqual([...range(9), '100']);
});

test('a last frame with a bad checksum is dropped and earlier frames are kept', async () => {
  const { dbPath, sizes } = await setUp('crc', 10);
  const handle = await open(journalFile(dbPath, 1), 'r+');
  await handle.write(Buffer.from([0xff]), 0, 1, (sizes[8] ?? 0) + 30); // flip a payload byte of frame 10
  await handle.close();
  const { ids, truncatedBytes } = await reopenIds(dbPath);
  expect(ids).toEqual(range(9));
  expect(truncatedBytes).toBe((sizes[9] ?? 0) - (sizes[8] ?? 0));
});

test('a zero-filled tail (extended file, data never written) is dropped', async () => {
  const { dbPath } = await setUp('zeros', 5);
  await appendFile(journalFile(dbPath, 1), Buffer.alloc(4096));
  const { ids, truncatedBytes } = await reopenIds(dbPath);
  expect(ids).toEqual(range(5));
  expect(truncatedBytes).toBe(4096);
});

test('damage followed by intact frames is cut at the damage, and a copy of the journal is kept', async () => {
  const { dbPath, sizes } = await setUp('middle', 10);
  const handle = await open(journalFile(dbPath, 1), 'r+');
  await handle.write(Buffer.from([0xff]), 0, 1, (sizes[2] ?? 0) + 30); // damage frame 4 of 10
  await handle.close();
  // Frames after a hole cannot be replayed without it; what matters is that nothing is destroyed.
  const store = await openDurableStore({ dbPath });
  const copy = store.recovery.damagedJournalCopy;
  expect([...docsOf(store.state, 'd', 'c').keys()]).toEqual(range(3));
  await store.close();
  expect(copy).toMatch(/journal-000000000001\.log\.damaged-\d+$/);
  expect((await stat(copy ?? '')).size).toBe(sizes[9]);
  expect((await stat(copy ?? '')).mode & 0o777).toBe(0o600); // owner-only
});

test('a damaged journal followed by a journal holding data refuses to open', async () => {
  const { dbPath } = await setUp('hole', 3);
  const store = await openDurableStore({ dbPath, groupCommitMs: 0 });
  await store.compact(); // snapshot 2 + journal 2; journal 1 is deleted
  for (let i = 10; i < 13; i++)
    await store.commit([{ t: 'put', db: 'd', coll: 'c', id: i, doc: { _id: i } }]);
  await store.close();
  // As if a compaction had started journal 3 and crashed before publishing snapshot 3.
  await copyFile(journalFile(dbPath, 2), journalFile(dbPath, 3));
  const handle = await open(journalFile(dbPath, 2), 'r+');
  await handle.write(Buffer.from([0xff]), 0, 1, 40); // inside journal 2's first frame
  await handle.close();
  await expect(openDurableStore({ dbPath })).rejects.toThrow(
    /journal-000000000002\.log is corrupt .* later journals hold data/,
  );
  expect(await readdir(dbPath)).not.toContain('LOCK'); // a failed open releases the lock
});

test('whatever byte the journal is cut at, recovery keeps exactly the frames that are whole', async () => {
  const { dbPath, sizes } = await setUp('cuts', 30);
  const original = await readFile(journalFile(dbPath, 1));
  const cuts = [
    0,
    1,
    11,
    12,
    13,
    ...Array.from({ length: 25 }, () => Math.floor(Math.random() * original.length)),
  ];
  for (const cut of cuts) {
    await writeFile(journalFile(dbPath, 1), original.subarray(0, cut));
    const whole = sizes.filter((end) => end <= cut).length;
    const { ids, truncatedBytes } = await reopenIds(dbPath);
    expect(ids, `cut at ${cut}`).toEqual(range(whole));
    expect(truncatedBytes).toBe(cut - (sizes[whole - 1] ?? 0));
  }
});
