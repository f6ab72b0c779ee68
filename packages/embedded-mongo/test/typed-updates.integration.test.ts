import { Decimal128, Double, Int32, Long, Timestamp, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// Expectations from the manual's update operator pages and its numeric-type rules:
// https://www.mongodb.com/docs/manual/reference/operator/update/inc/,
// https://www.mongodb.com/docs/manual/reference/operator/update/mul/#multiply-mixed-numeric-types,
// https://www.mongodb.com/docs/manual/reference/operator/update/min/ (and max/, rename/, push/),
// https://www.mongodb.com/docs/manual/reference/operator/update/currentDate/.
let t: TestEngine;
/** Documents with any `_id` (the tests use numbers and Longs). */
type AnyDoc = { _id?: number | Long } & Document;
let c: Collection<AnyDoc>;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  c = t.db('typed').collection<AnyDoc>('c');
  await c.deleteMany({});
});

const raw = { promoteValues: false, promoteLongs: false } as const;
const load = async (id: number | Long): Promise<Document> => (await c.findOne({ _id: id }, raw)) ?? {};
/** The BSON type name of a value decoded without promotion. */
const typeOf = (v: unknown): string =>
  v === undefined ? 'missing' : ((v as { _bsontype?: string })._bsontype ?? typeof v);

describe('updates keep and compute BSON types', () => {
  test('$set stores the value with the type it was sent with, nested values included', async () => {
    await c.insertOne({ _id: 1 });
    await c.updateOne(
      { _id: 1 },
      { $set: { l: Long.fromNumber(5), d: new Double(1), i: new Int32(2), o: { n: Long.fromNumber(6) } } },
    );
    const d = await load(1);
    expect([typeOf(d.l), typeOf(d.d), typeOf(d.i), typeOf((d.o as Document).n)]).toEqual([
      'Long',
      'Double',
      'Int32',
      'Long',
    ]);
    expect(String(d.l)).toBe('5');
    // Setting the same value of the same type changes nothing.
    const res = await c.updateOne({ _id: 1 }, { $set: { l: Long.fromNumber(5) } });
    expect(res.modifiedCount).toBe(0);
  });

  test('$inc: int32 + int32 stays int32 until it overflows into int64; mixed types widen', async () => {
    await c.insertOne({
      _id: 1,
      i: new Int32(5),
      big: new Int32(2147483647),
      l: Long.fromNumber(5),
      d: new Double(1.5),
      dec: Decimal128.fromString('1.1'),
    });
    await c.updateOne(
      { _id: 1 },
      {
        $inc: {
          i: new Int32(1),
          big: new Int32(1),
          l: new Int32(1),
          d: new Int32(1),
          dec: new Int32(1),
          n: Long.fromNumber(3),
        },
      },
    );
    const d = await load(1);
    expect(
      Object.fromEntries(['i', 'big', 'l', 'd', 'dec', 'n'].map((k) => [k, [typeOf(d[k]), String(d[k])]])),
    ).toEqual({
      i: ['Int32', '6'],
      big: ['Long', '2147483648'],
      l: ['Long', '6'],
      d: ['Double', '2.5'],
      dec: ['Decimal128', '2.1'],
      n: ['Long', '3'], // a missing field takes the increment, with its type
    });
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/inc/ : int64 overflow is an error.
  test('$inc beyond the int64 range is refused (2 BadValue) naming the current value, and changes nothing', async () => {
    await c.insertOne({ _id: 1, l: Long.MAX_VALUE });
    const err = await serverError(() => c.updateOne({ _id: 1 }, { $inc: { l: new Int32(1) } }));
    expect(err.code).toBe(2);
    expect(err.message).toContain('(9223372036854775807)');
    expect(String((await load(1)).l)).toBe('9223372036854775807');
  });

  test('$mul follows the manual’s mixed-type table; a missing field becomes 0 of the multiplier’s type', async () => {
    await c.insertOne({ _id: 1, i: new Int32(3), l: Long.fromNumber(3), f: new Double(2) });
    await c.updateOne(
      { _id: 1 },
      {
        $mul: {
          i: Long.fromNumber(2),
          l: new Int32(2),
          f: new Int32(2),
          missingLong: Long.fromNumber(7),
          missingInt: new Int32(7),
          missingDouble: new Double(7.5),
        },
      },
    );
    const d = await load(1);
    expect(
      Object.fromEntries(
        ['i', 'l', 'f', 'missingLong', 'missingInt', 'missingDouble'].map((k) => [
          k,
          [typeOf(d[k]), String(d[k])],
        ]),
      ),
    ).toEqual({
      i: ['Long', '6'],
      l: ['Long', '6'],
      f: ['Double', '4'],
      missingLong: ['Long', '0'],
      missingInt: ['Int32', '0'],
      missingDouble: ['Double', '0'],
    });
  });

  test('$min/$max store the winning value with its type; $rename moves a value with its type', async () => {
    await c.insertOne({
      _id: 1,
      lo: new Int32(5),
      hi: new Int32(5),
      keep: new Int32(5),
      old: Long.fromNumber(9),
    });
    await c.updateOne(
      { _id: 1 },
      {
        $min: { lo: Long.fromNumber(2), keep: Long.fromNumber(10) },
        $max: { hi: new Double(7) },
        $rename: { old: 'moved' },
      },
    );
    const d = await load(1);
    expect([typeOf(d.lo), typeOf(d.hi), typeOf(d.keep), typeOf(d.moved), typeOf(d.old)]).toEqual([
      'Long',
      'Double',
      'Int32',
      'Long',
      'missing',
    ]);
  });

  test('$push/$addToSet keep the types of added elements and of those already there', async () => {
    await c.insertOne({ _id: 1, a: [Long.fromNumber(1), new Double(2)] });
    await c.updateOne({ _id: 1 }, { $push: { a: Long.fromNumber(3) } } as Document);
    await c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [new Double(4), Long.fromNumber(1)] } } });
    const d = await load(1);
    expect((d.a as unknown[]).map((v) => [typeOf(v), String(v)])).toEqual([
      ['Long', '1'],
      ['Double', '2'],
      ['Long', '3'],
      ['Double', '4'],
    ]);
  });

  test('the positional $[] and array indexes keep element types', async () => {
    await c.insertOne({
      _id: 1,
      a: [Long.fromNumber(1), Long.fromNumber(2)],
      o: [{ n: Long.fromNumber(1) }],
    });
    await c.updateOne({ _id: 1 }, { $inc: { 'a.$[]': new Int32(1), 'o.0.n': new Int32(1) } });
    const d = await load(1);
    expect((d.a as unknown[]).map(typeOf)).toEqual(['Long', 'Long']);
    expect(typeOf(((d.o as Document[])[0] ?? {}).n)).toBe('Long');
  });

  test('replacements, upserts and findAndModify store what was sent', async () => {
    await c.insertOne({ _id: 1 });
    await c.replaceOne({ _id: 1 }, { l: Long.fromNumber(1), d: new Double(1) });
    let d = await load(1);
    expect([typeOf(d.l), typeOf(d.d)]).toEqual(['Long', 'Double']);

    await c.updateOne(
      { _id: Long.fromNumber(7), k: new Double(3) },
      { $setOnInsert: { s: Long.fromNumber(8) } },
      { upsert: true },
    );
    d = await load(Long.fromNumber(7));
    expect([typeOf(d._id), typeOf(d.k), typeOf(d.s)]).toEqual(['Long', 'Double', 'Long']);

    const before = await c.findOneAndUpdate(
      { _id: 1 },
      { $set: { l: Long.fromNumber(2) } },
      { ...raw, returnDocument: 'after' },
    );
    expect(typeOf(before?.l)).toBe('Long');
    expect(typeOf((await load(1)).d)).toBe('Double');
  });

  test('$currentDate with $type timestamp stores a Timestamp', async () => {
    await c.insertOne({ _id: 1 });
    await c.updateOne({ _id: 1 }, { $currentDate: { at: { $type: 'timestamp' }, on: { $type: 'date' } } });
    const d = await load(1);
    expect(d.at).toBeInstanceOf(Timestamp);
    expect(d.on).toBeInstanceOf(Date);
    expect(Math.abs((d.at as Timestamp).high - Date.now() / 1000)).toBeLessThan(3600);
  });
});
