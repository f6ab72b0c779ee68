import { Double, Int32, Long, type Collection, type Document } from 'mongodb';
import { beforeEach, describe, expect, test } from 'vitest';
import { typedEngineHooks } from './helpers/engine.js';

// BSON types of literals and stored values outside the expression stages. Expectations from the
// manual: $type answers "long" for a NumberLong and "double" for a double whatever its value
// (https://www.mongodb.com/docs/manual/reference/operator/aggregation/type/), an expression of
// $expr, of a find projection or of a pipeline-style update computes as in aggregation
// (https://www.mongodb.com/docs/manual/reference/operator/query/expr/,
// .../method/db.collection.find/#find-projection, .../tutorial/update-documents-with-aggregation-pipeline/),
// and a document is returned with the BSON types it is stored with
// (https://www.mongodb.com/docs/manual/reference/bson-types/). A client that does not promote
// values sees Int32, Long and Double exactly as the server wrote them.
const typed = typedEngineHooks();
/** Documents with number `_id`s. */
type AnyDoc = { _id?: number } & Document;
let c: Collection<AnyDoc>;
beforeEach(async () => {
  c = typed.db('literals').collection<AnyDoc>('c');
  await c.deleteMany({});
  await c.insertMany([
    { _id: 1, l: Long.fromNumber(5), d: new Double(2), i: new Int32(3), list: [Long.fromNumber(7)] },
    { _id: 2, l: Long.fromNumber(6), d: new Double(2.5), i: new Int32(4) },
  ]);
});

const isLong = { $eq: [{ $type: Long.fromNumber(1) }, 'long'] };
const ids = (docs: Document[]) => docs.map((d) => Number(d._id));

describe('$expr literals keep their BSON types', () => {
  test('in find, count, a leading $match and one that is not first, a delete and an update filter', async () => {
    expect(ids(await c.find({ $expr: isLong }).toArray())).toEqual([1, 2]);
    expect(Number(await c.countDocuments({ $and: [{ $expr: isLong }, { _id: 1 }] }))).toBe(1);
    const pipeline = [{ $sort: { _id: 1 } }, { $match: { $or: [{ $expr: isLong }] } }];
    expect(ids(await c.aggregate(pipeline).toArray())).toEqual([1, 2]);
    expect(ids(await c.aggregate([{ $match: { $expr: isLong } }]).toArray())).toEqual([1, 2]);
    expect(Number((await c.updateMany({ $expr: isLong }, { $set: { seen: true } })).matchedCount)).toBe(2);
    expect(Number((await c.deleteOne({ $expr: isLong })).deletedCount)).toBe(1);
  });

  test('$expr reads stored int64 values and whole doubles with their types', async () => {
    const longs = await c.find({ $expr: { $eq: [{ $type: '$l' }, 'long'] } }).toArray();
    expect(ids(longs)).toEqual([1, 2]);
    const doubles = await c.find({ $expr: { $eq: [{ $type: '$d' }, 'double'] } }).toArray();
    expect(ids(doubles)).toEqual([1, 2]);
    const sums = await c.find({ $expr: { $eq: [{ $type: { $add: ['$i', '$l'] } }, 'long'] } }).toArray();
    expect(ids(sums)).toEqual([1, 2]);
  });

  test('a $type query beside $expr tells a whole double from an int', async () => {
    const found = await c.find({ d: { $type: 'double' }, $expr: { $gt: ['$i', 0] } }).toArray();
    expect(ids(found)).toEqual([1, 2]);
    expect(Number(await c.countDocuments({ d: { $type: 'int' }, $expr: { $gt: ['$i', 0] } }))).toBe(0);
  });
});

describe('values keep their stored types in replies', () => {
  test('a find projection returns int64 and double fields as stored, and computes typed', async () => {
    const [doc] = await c
      .find({ _id: 1 }, { projection: { l: 1, d: 1, x: { $add: ['$i', Long.fromNumber(1)] } } })
      .toArray();
    expect(doc).toEqual({
      _id: new Int32(1),
      l: Long.fromNumber(5),
      d: new Double(2),
      x: Long.fromNumber(4),
    });
    const [sliced] = await c.find({ _id: 1 }, { projection: { list: { $slice: 1 } } }).toArray();
    expect(sliced?.list).toEqual([Long.fromNumber(7)]);
  });

  test('findOneAndUpdate (before), findOneAndDelete and a projected findOneAndUpdate', async () => {
    const before = await c.findOneAndUpdate({ _id: 1 }, { $set: { z: 1 } });
    expect([before?.l, before?.d]).toEqual([Long.fromNumber(5), new Double(2)]);
    const shown = await c.findOneAndUpdate({ _id: 1 }, { $set: { z: 2 } }, { projection: { l: 1 } });
    expect(shown).toEqual({ _id: new Int32(1), l: Long.fromNumber(5) });
    const removed = await c.findOneAndDelete({ _id: 2 });
    expect([removed?.l, removed?.d]).toEqual([Long.fromNumber(6), new Double(2.5)]);
  });

  test('distinct answers int64 values as int64s', async () => {
    expect(await c.distinct('l')).toEqual([Long.fromNumber(5), Long.fromNumber(6)]);
  });
});

describe('pipeline-style updates and let variables', () => {
  test('literals and computed values of a pipeline update keep MongoDB types', async () => {
    await c.updateOne({ _id: 1 }, [
      { $set: { p: Long.fromNumber(5), q: { $add: ['$i', Long.fromNumber(1)] }, r: new Double(3), s: 4 } },
    ]);
    const doc = await c.findOne({ _id: 1 });
    expect(doc).toMatchObject({
      p: Long.fromNumber(5),
      q: Long.fromNumber(4),
      r: new Double(3),
      s: new Int32(4),
      l: Long.fromNumber(5),
      d: new Double(2),
      i: new Int32(3),
    });
  });

  test('an upsert by a pipeline keeps the literal types', async () => {
    await c.updateOne({ _id: 9 }, [{ $set: { p: Long.fromNumber(1), r: new Double(2) } }], { upsert: true });
    expect(await c.findOne({ _id: 9 })).toEqual({
      _id: new Int32(9),
      p: Long.fromNumber(1),
      r: new Double(2),
    });
  });

  test('aggregate let variables and $lookup let keep their types', async () => {
    const [doc] = await c
      .aggregate([{ $match: { _id: 1 } }, { $project: { _id: 0, v: '$$v' } }], {
        let: { v: Long.fromNumber(3) },
      })
      .toArray();
    expect(doc).toEqual({ v: Long.fromNumber(3) });
    const [joined] = await c
      .aggregate([
        { $match: { _id: 1 } },
        {
          $lookup: {
            from: 'c',
            let: { w: Long.fromNumber(8) },
            pipeline: [{ $limit: 1 }, { $project: { _id: 0, w: '$$w' } }],
            as: 'j',
          },
        },
        { $project: { _id: 0, j: 1 } },
      ])
      .toArray();
    expect(joined).toEqual({ j: [{ w: Long.fromNumber(8) }] });
  });
});
