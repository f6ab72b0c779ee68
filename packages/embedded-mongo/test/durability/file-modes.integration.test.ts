import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, expect, test } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import { startEmbeddedMongo } from '../../src/index.js';
import { makeDbPath } from './helpers.js';

// Other local accounts must not read stored documents: directories 0700, files 0600.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function root(): Promise<string> {
  const { dbPath, cleanup } = await makeDbPath('modes');
  cleanups.push(cleanup);
  return dbPath;
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function modes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort())
    out[name.replace(/\d{12}/, 'N').replace(/\d+$/, 'T')] = (await modeOf(join(dir, name))).toString(8);
  return out;
}

test('a new data directory, its parents and every file the engine writes are owner-only', async () => {
  const base = await root();
  await chmod(base, 0o755);
  const dbPath = join(base, 'data', 'mongo');
  const engine = await startEmbeddedMongo({ port: 0, dbPath });
  const client = await MongoClient.connect(engine.uri);
  await client.db('d').collection('c').insertOne({ secret: 'x' });
  expect(await modes(dbPath)).toEqual({ LOCK: '600', 'journal-N.log': '600' });
  await client.close();
  await engine.stop();

  const store = await openDurableStore({ dbPath });
  await store.compact(); // writes a snapshot through a temporary file, then a new journal
  expect(await modes(dbPath)).toEqual({
    LOCK: '600',
    'journal-N.log': '600',
    'snapshot-N.bson': '600',
  });
  await store.close();
  expect(await modeOf(join(base, 'data'))).toBe(0o700);
  expect(await modeOf(dbPath)).toBe(0o700);
});

test('an existing data directory with loose modes is tightened when it opens', async () => {
  const dbPath = join(await root(), 'old');
  const first = await openDurableStore({ dbPath });
  await first.commit([{ t: 'put', db: 'd', coll: 'c', id: 1, doc: { _id: 1 } }]);
  await first.compact();
  await first.close();
  await mkdir(join(dbPath, 'leftover-dir'));
  await writeFile(join(dbPath, 'notes.txt'), 'kept, but made private');
  for (const name of await readdir(dbPath)) await chmod(join(dbPath, name), 0o755);
  await chmod(dbPath, 0o755);

  const reopened = await openDurableStore({ dbPath });
  expect(await modeOf(dbPath)).toBe(0o700);
  expect(await modes(dbPath)).toEqual({
    LOCK: '600',
    'journal-N.log': '600',
    'leftover-dir': '700',
    'notes.txt': '600',
    'snapshot-N.bson': '600',
  });
  await reopened.close();
});
