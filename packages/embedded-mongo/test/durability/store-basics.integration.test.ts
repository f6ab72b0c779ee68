import { ObjectId, serialize } from 'bson';
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { afterEach, expect, test } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import type { ChangeRecord, DurableStore } from '../../src/persistence/index.js';
import { docsOf, makeDbPath } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshStore(label: string): Promise<{ dbPath: string; store: DurableStore }> {
  const { dbPath, cleanup } = await makeDbPath(label);
  const store = await openDurableStore({ dbPath, groupCommitMs: 5 });
  cleanups.push(async () => {
    await store.close();
    await cleanup();
  });
  return { dbPath, store };
}

test('every record type survives close and reopen', async () => {
  const { dbPath, store } = await freshStore('types');
  const oid = new ObjectId();
  const records: ChangeRecord[] = [
    { t: 'createCollection', db: 'app', coll: 'users', options: { validator: { age: { $gte: 0 } } } },
    {
      t: 'createIndex',
      db: 'app',
      coll: 'users',
      spec: { key: { email: 1 }, name: 'email_1', unique: true },
    },
    {
      t: 'createIndex',
      db: 'app',
      coll: 'users',
      spec: { key: { at: 1 }, name: 'at_1', expireAfterSeconds: 60 },
    },
    { t: 'put', db: 'app', coll: 'users', id: oid, doc: { _id: oid, email: 'a@x', at: new Date(5) } },
    { t: 'put', db: 'app', coll: 'users', id: 2, doc: { _id: 2, email: 'b@x' } },
    { t: 'put', db: 'app', coll: 'users', id: 'three', doc: { _id: 'three', email: 'c@x' } },
  ];
  await store.commit(records);
  await store.commit([
    { t: 'put', db: 'app', coll: 'users', id: 2, doc: { _id: 2, email: 'b2@x' } },
    { t: 'del', db: 'app', coll: 'users', id: 'three' },
    { t: 'dropIndex', db: 'app', coll: 'users', name: 'at_1' },
    { t: 'put', db: 'app', coll: 'tmp', id: 1, doc: { _id: 1 } },
    { t: 'put', db: 'other', coll: 'x', id: 1, doc: { _id: 1 } },
    { t: 'put', db: 'gone', coll: 'y', id: 1, doc: { _id: 1 } },
  ]);
  await store.commit([{ t: 'dropCollection', db: 'app', coll: 'tmp' }]);
  await store.commit([{ t: 'dropDatabase', db: 'gone' }]);
  await store.close();

  const reopened = await openDurableStore({ dbPath });
  cleanups.push(() => reopened.close());
  const users = reopened.state.get('app')?.get('users');
  expect(users?.options).toEqual({ validator: { age: { $gte: 0 } } });
  expect(users?.indexes).toEqual([{ key: { email: 1 }, name: 'email_1', unique: true }]);
  const docs = docsOf(reopened.state, 'app', 'users');
  expect([...docs.keys()].sort()).toEqual(['2', oid.toHexString()]);
  expect(docs.get('2')).toEqual({ _id: 2, email: 'b2@x' });
  expect(docs.get(oid.toHexString())).toEqual({ _id: oid, email: 'a@x', at: new Date(5) });
  expect([...reopened.state.keys()].sort()).toEqual(['app', 'other']);
  expect([...(reopened.state.get('app')?.keys() ?? [])]).toEqual(['users']);
  expect(reopened.recovery.recordsReplayed).toBe(14);
  expect(reopened.recovery.truncatedBytes).toBe(0);
});

test('a batch that cannot be serialized leaves no trace', async () => {
  const { dbPath, store } = await freshStore('bad-batch');
  const cyclic: Record<string, unknown> = { _id: 2 };
  cyclic.self = cyclic;
  await expect(
    store.commit([
      { t: 'put', db: 'd', coll: 'c', id: 1, doc: { _id: 1 } },
      { t: 'put', db: 'd', coll: 'c', id: 2, doc: cyclic },
    ]),
  ).rejects.toThrow();
  expect(store.state.size).toBe(0);
  await store.commit([{ t: 'put', db: 'd', coll: 'c', id: 3, doc: { _id: 3 } }]);
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  cleanups.push(() => reopened.close());
  expect([...docsOf(reopened.state, 'd', 'c').keys()]).toEqual(['3']);
});

test('commit([]) waits for earlier commits and the store refuses use after close', async () => {
  const { store } = await freshStore('barrier');
  const first = store.commit([{ t: 'put', db: 'd', coll: 'c', id: 1, doc: { _id: 1 } }]);
  let firstDone = false;
  void first.then(() => (firstDone = true));
  await store.commit([]);
  expect(firstDone).toBe(true);
  await store.close();
  await expect(store.commit([{ t: 'dropDatabase', db: 'd' }])).rejects.toThrow(/closed/);
});

test('a second open of the same dbPath fails clearly until the first is closed', async () => {
  const { dbPath, store } = await freshStore('lock');
  await expect(openDurableStore({ dbPath })).rejects.toThrow(/already open in this process/);
  await store.close();
  const again = await openDurableStore({ dbPath });
  expect(await readdir(dbPath)).toContain('LOCK');
  await again.close();
  expect(await readdir(dbPath)).not.toContain('LOCK');
});

test('a batch far above the 16 MB BSON limit and a 15 MB document commit and recover', async () => {
  const { dbPath, store } = await freshStore('big');
  const pad = 'b'.repeat(1000);
  const batch: ChangeRecord[] = Array.from({ length: 30_000 }, (_, i) => ({
    t: 'put' as const,
    db: 'd',
    coll: 'many',
    id: i,
    doc: { _id: i, pad },
  }));
  await store.commit(batch); // ~30 MB in one atomic frame
  await store.commit([
    { t: 'put', db: 'd', coll: 'huge', id: 1, doc: { _id: 1, blob: 'h'.repeat(15 * 2 ** 20) } },
  ]);
  await store.compact();
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  cleanups.push(() => reopened.close());
  expect(reopened.state.get('d')?.get('many')?.documentCount).toBe(30_000);
  expect(docsOf(reopened.state, 'd', 'huge').get('1')?.blob).toHaveLength(15 * 2 ** 20);
});

test('a lock left by a dead process is taken over', async () => {
  const { dbPath } = await freshStore('stale');
  const dead = spawn(process.execPath, ['-e', '']);
  const pid = dead.pid ?? 0;
  await new Promise((resolve) => dead.on('exit', resolve));
  const store = await openDurableStore({ dbPath: `${dbPath}/sub` });
  await store.close();
  await writeFile(`${dbPath}/sub/LOCK`, `${pid} 12345\n`);
  const again = await openDurableStore({ dbPath: `${dbPath}/sub` });
  expect((await readFile(`${dbPath}/sub/LOCK`, 'utf8')).split(' ')[0]).toBe(String(process.pid));
  await again.close();
});

test('a put carrying its BSON bytes is journaled from them, not re-serialized', async () => {
  const { dbPath, store } = await freshStore('bytes');
  // Deliberately different from `doc`, to show which one is written (the engine passes equal ones).
  const bytes = serialize({ _id: 1, from: 'bytes' });
  await store.commit([{ t: 'put', db: 'd', coll: 'c', id: 1, doc: { _id: 1, from: 'doc' }, bytes }]);
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  cleanups.push(() => reopened.close());
  expect(docsOf(reopened.state, 'd', 'c').get('1')).toEqual({ _id: 1, from: 'bytes' });
});

test('bytes that are a view into a big arena are copied, so the store never pins the arena', async () => {
  const { dbPath, store } = await freshStore('arena');
  const arena = Buffer.alloc(1024 * 1024);
  const original = serialize({ _id: 1, v: 'first' });
  arena.set(original, 4096);
  const view = arena.subarray(4096, 4096 + original.length);
  await store.commit([{ t: 'put', db: 'd', coll: 'c', id: 1, doc: { _id: 1, v: 'first' }, bytes: view }]);
  arena.set(serialize({ _id: 1, v: 'other' }), 4096); // the engine reuses its arena
  await store.compact(); // the snapshot is written from the store's own copy
  await store.close();
  const reopened = await openDurableStore({ dbPath });
  cleanups.push(() => reopened.close());
  expect(reopened.recovery.snapshotGeneration).toBe(2);
  expect(docsOf(reopened.state, 'd', 'c').get('1')).toEqual({ _id: 1, v: 'first' });
});
