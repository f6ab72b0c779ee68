import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  Binary,
  BSONRegExp,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
  type Document,
} from 'mongodb';
import { serialize } from 'bson';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;

beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

// https://www.mongodb.com/docs/manual/reference/bson-types/
describe('BSON types', () => {
  const sample = (): Document => ({
    _id: new ObjectId(),
    int: new Int32(7),
    double: new Double(7.5),
    wholeDouble: new Double(1),
    smallLong: Long.fromNumber(5),
    long: Long.fromString('9007199254740993'),
    dec: Decimal128.fromString('12.345'),
    date: new Date('2026-03-08T07:30:00Z'),
    bin: new Binary(Buffer.from([1, 2, 3]), 0),
    uuid: new UUID('0d8f6a3c-2a4b-4c6d-8e9f-0a1b2c3d4e5f'),
    ts: new Timestamp({ t: 1_700_000_000, i: 3 }),
    re: new BSONRegExp('^a', 'i'),
    min: new MinKey(),
    max: new MaxKey(),
    nested: { arr: [1, 'two', { three: [3] }], nul: null },
  });

  test('documents come back exactly as stored (types included)', async () => {
    const c = t.db('types').collection('roundtrip');
    const doc = sample();
    await c.insertOne(doc);
    const back: Document | null = await c.findOne(
      { _id: doc._id as ObjectId },
      { promoteValues: false, promoteLongs: false, bsonRegExp: true },
    );
    // Byte-for-byte: every BSON type (int32, double, int64, decimal, ...) is kept.
    expect(Buffer.from(serialize(back ?? {})).equals(Buffer.from(serialize(doc)))).toBe(true);
  });

  test('a document inserted without _id gets it first and keeps its value types', async () => {
    const c = t.db('types').collection('no-id');
    await c.insertOne({ whole: new Double(1), small: Long.fromNumber(5) }, { forceServerObjectId: true });
    await c.insertOne({ whole: new Double(2), small: Long.fromNumber(6) });
    const docs: Document[] = await c.find({}, { promoteValues: false }).toArray();
    for (const d of docs) {
      expect(Object.keys(d)[0]).toBe('_id');
      expect(d.whole).toBeInstanceOf(Double);
      expect(d.small).toBeInstanceOf(Long);
    }
  });

  // https://www.mongodb.com/docs/manual/reference/operator/update/set/ : only the named fields change
  test('an update keeps the BSON types of the fields it does not touch', async () => {
    const c = t.db('types').collection('update-types');
    const doc = sample();
    await c.insertOne({ ...doc, whole: new Double(1), big: Long.fromNumber(5) });
    await c.updateOne({ _id: doc._id as ObjectId }, { $set: { note: 'x' }, $inc: { 'nested.counter': 1 } });
    const back: Document | null = await c.findOne({ _id: doc._id as ObjectId }, { promoteValues: false });
    expect(back?.whole).toEqual(new Double(1));
    expect(back?.big).toEqual(Long.fromNumber(5));
    expect(back?.long).toEqual(Long.fromString('9007199254740993'));
    expect(back?.dec).toEqual(Decimal128.fromString('12.345'));
    expect(back?.note).toBe('x');
  });

  test('equality through an index works for every indexable type', async () => {
    const c = t.db('types').collection('indexed');
    const doc = sample();
    await c.insertOne(doc);
    await c.insertOne({
      ...sample(),
      _id: new ObjectId(),
      date: new Date(0),
      uuid: new UUID(),
      bin: new Binary(Buffer.from([9])),
      ts: new Timestamp({ t: 1, i: 1 }),
      long: Long.fromNumber(5),
      int: new Int32(8),
    });
    for (const field of ['date', 'bin', 'uuid', 'ts', 'long', 'int']) {
      await c.createIndex({ [field]: 1 });
      const found = await c.find({ [field]: doc[field] as unknown }).toArray();
      expect([field, found.map((d) => String(d._id))]).toEqual([field, [String(doc._id)]]);
    }
  });
});
