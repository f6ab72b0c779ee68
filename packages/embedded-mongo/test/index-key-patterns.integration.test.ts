import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
  await t
    .db('keys')
    .collection('k')
    .insertMany(Array.from({ length: 10 }, (_, i) => ({ a: i, b: i % 4 })));
});
afterAll(async () => {
  await t.stop();
});

const createIndexes = (index: Document) => t.db('keys').command({ createIndexes: 'k', indexes: [index] });

describe('an index key pattern is checked as mongod checks it', () => {
  test('any non-zero number is a direction, by its sign, and is listed as given', async () => {
    const coll = t.db('keys').collection('k');
    await createIndexes({ key: { a: 2 }, name: 'a_2' });
    await createIndexes({ key: { b: -0.5, a: 3 }, name: 'b_down' });
    const listed = await coll.listIndexes().toArray();
    expect(listed.map((ix: Document) => ix.key as Document)).toEqual([
      { _id: 1 },
      { a: 2 },
      { b: -0.5, a: 3 },
    ]);
    const up = await coll
      .find({ a: { $gte: 6 } }, { hint: 'a_2' })
      .sort({ a: 1 })
      .toArray();
    expect(up.map((d) => d.a as number)).toEqual([6, 7, 8, 9]);
    const down = await coll.find({}, { hint: 'b_down' }).sort({ b: -1, a: 1 }).toArray();
    expect(down.map((d) => [d.b as number, d.a as number])).toEqual([
      [3, 3],
      [3, 7],
      [2, 2],
      [2, 6],
      [1, 1],
      [1, 5],
      [1, 9],
      [0, 0],
      [0, 4],
      [0, 8],
    ]);
  });

  test.each([
    [{ a: 0 }, 'a_0', 'Values in the index key pattern cannot be 0.'],
    [{ a: Number.NaN }, 'a_nan', 'Values in the index key pattern cannot be NaN.'],
    [
      { a: true },
      'a_true',
      'Values in v:2 index key pattern cannot be of type bool. Only numbers > 0, numbers < 0, and strings are allowed.',
    ],
    [{}, 'none', 'Index keys cannot be empty.'],
  ])('%j: 67 CannotCreateIndex, after the spec', async (key, name, why) => {
    const error = await serverError(() => createIndexes({ key, name }));
    expect(error.code).toBe(67);
    expect(error.codeName).toBe('CannotCreateIndex');
    expect(error.message).toMatch(/^Error in specification \{ key: \{.*\}, name: ".*" \} :: caused by :: /);
    expect(error.message.endsWith(` :: caused by :: ${why}`)).toBe(true);
  });

  test('the whole spec is printed as mongod prints a document', async () => {
    const error = await serverError(() => createIndexes({ key: { a: 0 }, name: 'a_0' }));
    expect(error.message).toBe(
      'Error in specification { key: { a: 0 }, name: "a_0" } :: caused by :: Values in the index key pattern cannot be 0.',
    );
  });

  test('a key that is not a document: 14', async () => {
    const error = await serverError(() => createIndexes({ key: 'a', name: 'a' }));
    expect(error.code).toBe(14);
    expect(error.message).toBe(
      'Error in specification { key: "a", name: "a" } :: caused by :: The field \'key\' must be an object, but got string',
    );
  });
});
