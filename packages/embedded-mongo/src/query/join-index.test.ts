import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { encodeValue } from '../indexes/key-encoding.js';
import { joinIndex, prepareJoinIndex } from './join-index.js';

/** Event-loop turns other work got while `work` ran (a turn-counting loop beside it). */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let done = false;
  let turns = 0;
  const counting = (async () => {
    while (!done) {
      await nextTurn();
      if (!done) turns++;
    }
  })();
  await work();
  done = true;
  await counting;
  return turns;
}

const foreign = (n: number) =>
  Array.from({ length: n }, (_, i): Record<string, unknown> => ({ _id: i, g: i % 7, tags: [i, i + 1] }));

test('a large join index is built with pauses, once, and is the index the stage uses', async () => {
  const docs = foreign(20_000);
  // The Yielder pauses at least every 1,000 documents: 20,000 give at least 19 turns to others.
  expect(await turnsDuring(() => prepareJoinIndex(docs, 'g'))).toBeGreaterThanOrEqual(19);
  const index = joinIndex(docs, 'g');
  expect(index.byKey.get(encodeValue(3))?.length).toBe(Math.ceil((20_000 - 3) / 7));
  expect(index.position.get(docs[12_345] as Record<string, unknown>)).toBe(12_345);
  // Built already: no second pass.
  expect(await turnsDuring(() => prepareJoinIndex(docs, 'g'))).toBeLessThanOrEqual(1);
  expect(joinIndex(docs, 'g')).toBe(index);
});

test('an array field is indexed by each element, each document once per key', () => {
  const index = joinIndex(foreign(10), 'tags');
  expect(index.byKey.get(encodeValue(5))?.map((d) => d._id)).toEqual([4, 5]);
  expect(index.byKey.get(encodeValue(0))?.map((d) => d._id)).toEqual([0]);
});
