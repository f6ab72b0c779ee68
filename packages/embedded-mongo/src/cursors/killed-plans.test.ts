import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { StorageEngine } from '../storage/engine.js';
import { CursorStore } from './cursor-store.js';
import { planKilled } from './killed-plans.js';

// A full collection on demand, so that the test can see what a paused cursor keeps alive.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A paused find on a collection of documents and an index, then the collection dropped. */
function pausedOnDropped(engine: StorageEngine, cursors: CursorStore) {
  const coll = engine.create('db', 'c', {}, null);
  coll.createIndex({ v: 2, key: { g: 1 }, name: 'g_1' }, null);
  for (let i = 0; i < 100; i++) coll.insert({ i, g: i % 3 }, null);
  const items = [...coll.docs.rids()].map((rid) => coll.raw(rid) as Buffer);
  const id = cursors.open('db.c', items, 10, {
    noTimeout: true,
    source: { coll, index: coll.indexes.get('g_1') ?? null },
  });
  engine.drop('db', 'c', null);
  return { id, dropped: new WeakRef(coll) };
}

test('a paused find does not keep its dropped collection in memory, and is still killed', async () => {
  const engine = new StorageEngine();
  const cursors = new CursorStore();
  const { id, dropped } = pausedOnDropped(engine, cursors);
  // A WeakRef's target stays alive until the current job ends.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(dropped.deref()).toBeUndefined();
  const source = cursors.get(id)?.source;
  expect(source && planKilled(engine, source)?.message).toMatch(/^collection dropped\. UUID /);
  cursors.close();
});
