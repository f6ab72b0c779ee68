import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Decimal128, Double, Long, type Document } from 'mongodb';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
  await t
    .db('counts')
    .collection('c')
    .insertMany(Array.from({ length: 12 }, (_, i) => ({ i })));
});
afterAll(async () => {
  await t.stop();
});

const run = (command: Document) => t.db('counts').command(command);
type CursorReply = { cursor: { id: Long | number; firstBatch?: Document[]; nextBatch?: Document[] } };

// mongod's command parser declares these counts int64 with a minimum of 0: below it, 51024 names
// the field alone; a value of another type is refused naming it by its path in the command.
describe('skip, limit and batchSize are read as mongod parses them', () => {
  test.each([
    ['find skip', { find: 'c', skip: -1 }, 'skip', '-1'],
    ['find limit', { find: 'c', limit: -2 }, 'limit', '-2'],
    ['find batchSize', { find: 'c', batchSize: -3 }, 'batchSize', '-3'],
    ['find limit, a fraction cut toward zero', { find: 'c', limit: -1.5 }, 'limit', '-1'],
    [
      'aggregate cursor.batchSize',
      { aggregate: 'c', pipeline: [], cursor: { batchSize: -1 } },
      'batchSize',
      '-1',
    ],
    ['listIndexes cursor.batchSize', { listIndexes: 'c', cursor: { batchSize: -2 } }, 'batchSize', '-2'],
    [
      'listCollections cursor.batchSize',
      { listCollections: 1, cursor: { batchSize: -1 } },
      'batchSize',
      '-1',
    ],
  ])('%s below 0: 51024', async (_, command, field, actual) => {
    const error = await serverError(() => run(command));
    expect(error.code).toBe(51024);
    expect(error.codeName).toBe('Location51024');
    expect(error.message).toBe(`BSON field '${field}' value must be >= 0, actual value '${actual}'`);
  });

  test('checked before the rest of the command: a bad skip wins over a bad sort', async () => {
    expect((await serverError(() => run({ find: 'c', sort: { i: 2 }, skip: -1 }))).code).toBe(51024);
  });

  test('a getMore batchSize below 0 is refused before its cursor is looked up', async () => {
    const error = await serverError(() =>
      run({ getMore: Long.fromNumber(1), collection: 'c', batchSize: -1 }),
    );
    expect(error.code).toBe(51024);
    expect(error.message).toBe("BSON field 'batchSize' value must be >= 0, actual value '-1'");
  });

  test.each([
    ['find', { find: 'c', skip: 'x' }, 'FindCommandRequest.skip', 'string'],
    ['find', { find: 'c', limit: true }, 'FindCommandRequest.limit', 'bool'],
    ['aggregate', { aggregate: 'c', pipeline: [], cursor: { batchSize: {} } }, 'cursor.batchSize', 'object'],
  ])('%s: a count of another type is a TypeMismatch naming its path (%s)', async (_, command, path, type) => {
    const error = await serverError(() => run(command));
    expect(error.code).toBe(14);
    expect(error.message).toBe(
      `BSON field '${path}' is the wrong type '${type}', expected types '[long, int, decimal, double]'`,
    );
  });

  test('any number type counts; a fraction is cut toward zero, as mongod reads it', async () => {
    const limited = (await run({ find: 'c', limit: new Double(2.9), sort: { i: 1 } })) as CursorReply;
    expect(limited.cursor.firstBatch?.map((d) => d.i as number)).toEqual([0, 1]);
    const skipped = (await run({
      find: 'c',
      skip: Decimal128.fromString('10.5'),
      sort: { i: 1 },
    })) as CursorReply;
    expect(skipped.cursor.firstBatch?.map((d) => d.i as number)).toEqual([10, 11]);
    const small = (await run({ find: 'c', batchSize: -0.5 })) as CursorReply;
    expect(small.cursor.firstBatch).toHaveLength(0);
    const paged = (await run({
      aggregate: 'c',
      pipeline: [],
      cursor: { batchSize: Long.fromNumber(5) },
    })) as CursorReply;
    expect(paged.cursor.firstBatch).toHaveLength(5);
    const next = (await run({ getMore: paged.cursor.id, collection: 'c', batchSize: 4.7 })) as CursorReply;
    expect(next.cursor.nextBatch).toHaveLength(4);
  });

  test('a negative limit given to the driver still reads one batch of that many', async () => {
    // The driver sends it as limit 3 with singleBatch; the engine never sees the negative number.
    const docs = await t.db('counts').collection('c').find({}, { limit: -3 }).toArray();
    expect(docs).toHaveLength(3);
  });
});

describe('a getMore maxTimeMS', () => {
  test('is refused on a cursor that does not await data, which is left open', async () => {
    const opened = (await run({ find: 'c', batchSize: 2 })) as CursorReply;
    const error = await serverError(() =>
      run({ getMore: opened.cursor.id, collection: 'c', batchSize: 2, maxTimeMS: 100 }),
    );
    expect(error.code).toBe(2);
    expect(error.message).toBe('cannot set maxTimeMS on getMore command for a non-awaitData cursor');
    const next = (await run({ getMore: opened.cursor.id, collection: 'c', batchSize: 2 })) as CursorReply;
    expect(next.cursor.nextBatch).toHaveLength(2);
  });

  test('the driver sends none on a plain cursor', async () => {
    const docs = await t.db('counts').collection('c').find({}, { batchSize: 2, maxTimeMS: 1000 }).toArray();
    expect(docs).toHaveLength(12);
  });
});
