import { expect, test } from 'vitest';

import type { ChangeRecord } from '../persistence/records.js';
import { EngineChanges } from './change-log.js';

const put = (id: number): ChangeRecord => ({ t: 'put', db: 'd', coll: 'c', id, doc: { _id: id } });

test('whoever commits hands over every command change, in the order made', async () => {
  const batches: number[][] = [];
  const changes = new EngineChanges({
    commit: (records) => {
      batches.push(records.map((r) => (r.t === 'put' ? Number(r.id) : -1)));
      return Promise.resolve();
    },
  });
  const paused = changes.forCommand();
  const other = changes.forCommand();
  paused.push(put(1));
  other.push(put(2));
  await other.commit();
  await paused.commit();
  expect(batches).toEqual([[1, 2], []]);
});

test('a batch that fails fails every command with a change in it, not only the one that handed it over', async () => {
  const refused = new Error('cannot encode');
  const changes = new EngineChanges({
    commit: (records) => (records.length > 0 ? Promise.reject(refused) : Promise.resolve()),
  });
  const paused = changes.forCommand();
  const other = changes.forCommand();
  const unrelated = changes.forCommand();
  paused.push(put(1));
  other.push(put(2));
  await expect(other.commit()).rejects.toBe(refused);
  await expect(paused.commit()).rejects.toBe(refused);
  // A command with nothing in that batch is not blamed for it.
  await expect(unrelated.commit()).resolves.toBeUndefined();
});
