import { MongoClient, type MongoServerError } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RawWire } from './helpers/raw-wire.js';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// https://www.mongodb.com/docs/manual/reference/stable-api/ : drivers created with
// `serverApi: { version: '1' }` (Atlas's connection snippets) send apiVersion with every command.
let t: TestEngine;
const clients: MongoClient[] = [];
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await t.stop();
});

async function clientWith(serverApi: { version: '1'; strict?: boolean }): Promise<MongoClient> {
  const c = await MongoClient.connect(t.engine.uri, { serverApi, serverSelectionTimeoutMS: 5000 });
  clients.push(c);
  return c;
}

describe('Stable API', () => {
  test('a version-1 client connects (hello over OP_MSG) and uses every command', async () => {
    const c = (await clientWith({ version: '1' })).db('api').collection('c');
    await c.insertMany([{ k: 1 }, { k: 2 }]);
    await c.updateOne({ k: 1 }, { $set: { v: 'x' } });
    expect(await c.countDocuments()).toBe(2);
    expect((await c.distinct('k')).sort()).toEqual([1, 2]); // not in V1, but not strict
    expect(await c.aggregate([{ $match: { k: 2 } }, { $project: { _id: 0, k: 1 } }]).toArray()).toEqual([
      { k: 2 },
    ]);
  });

  test('strict: commands outside version 1 are refused with 323 APIStrictError', async () => {
    const db = (await clientWith({ version: '1', strict: true })).db('api');
    await db.collection('s').insertOne({ k: 1 });
    expect(
      await db
        .collection('s')
        .find({ k: 1 }, { projection: { _id: 0 } })
        .toArray(),
    ).toEqual([{ k: 1 }]);
    expect((await db.command({ count: 's' })).n).toBe(1); // count joined version 1 in 6.0
    for (const run of [() => db.collection('s').distinct('k'), () => db.command({ buildInfo: 1 })]) {
      const err = (await serverError(run)) as MongoServerError;
      expect(err.code).toBe(323);
      expect(err.codeName).toBe('APIStrictError');
      expect(err.message).toMatch(
        /^Provided apiStrict:true, but the command (distinct|buildInfo) is not in API Version 1\./,
      );
    }
  });

  // mongod registers these stages as never in API version 1: strict clients get 323 for them (also
  // nested in $facet, $lookup and $unionWith), while version-1 stages keep working.
  test('strict: aggregation stages outside version 1 are refused with 323 APIStrictError', async () => {
    const db = (await clientWith({ version: '1', strict: true })).db('api');
    await db.collection('st').insertMany([{ k: 1 }, { k: 2 }]);
    expect(
      await db
        .collection('st')
        .aggregate([{ $group: { _id: null, n: { $sum: '$k' } } }, { $sort: { _id: 1 } }])
        .toArray(),
    ).toEqual([{ _id: null, n: 3 }]);
    const refused: [object[], string][] = [
      [[{ $indexStats: {} }], '$indexStats'],
      [[{ $search: { text: { query: 'a', path: 'k' } } }], '$search'],
      [[{ $match: {} }, { $facet: { a: [{ $vectorSearch: {} }] } }], '$vectorSearch'],
      [[{ $lookup: { from: 'st', as: 'x', pipeline: [{ $indexStats: {} }] } }], '$indexStats'],
      [[{ $unionWith: { coll: 'st', pipeline: [{ $searchMeta: {} }] } }], '$searchMeta'],
    ];
    for (const [pipeline, stage] of refused) {
      const err = (await serverError(() =>
        db.collection('st').aggregate(pipeline).toArray(),
      )) as MongoServerError;
      expect([stage, err.code, err.codeName, err.message]).toEqual([
        stage,
        323,
        'APIStrictError',
        `${stage} is not allowed with 'apiStrict: true' in API Version 1`,
      ]);
    }
    const admin = (await clientWith({ version: '1', strict: true })).db('admin');
    const err = (await serverError(() =>
      admin.aggregate([{ $currentOp: {} }]).toArray(),
    )) as MongoServerError;
    expect([err.code, err.message]).toEqual([
      323,
      "$currentOp is not allowed with 'apiStrict: true' in API Version 1",
    ]);
    // Without strictness the engine answers as before: it does not have $indexStats.
    const loose = (await clientWith({ version: '1' })).db('api');
    const unsupported = (await serverError(() =>
      loose
        .collection('st')
        .aggregate([{ $indexStats: {} }])
        .toArray(),
    )) as MongoServerError;
    expect(unsupported.code).not.toBe(323);
  });

  test('mongoose with a strict version-1 server API works end to end', async () => {
    const conn = await mongoose
      .createConnection(t.engine.uri, { serverApi: { version: '1', strict: true } })
      .asPromise();
    try {
      const Form = conn.model('Form', new mongoose.Schema({ title: { type: String, index: true } }));
      await Form.init();
      await Form.create({ title: 'a' });
      expect((await Form.findOne({ title: 'a' }).lean())?.title).toBe('a');
      expect(await Form.countDocuments()).toBe(1);
    } finally {
      await conn.close();
    }
  });

  test('an unknown API version, or strictness without a version, is refused', async () => {
    const w = await RawWire.open(t.engine.port);
    try {
      w.opMsg({ ping: 1, apiVersion: '2', $db: 'admin' });
      expect((await w.read()).doc).toMatchObject({ ok: 0, code: 322, codeName: 'APIVersionError' });
      w.opMsg({ ping: 1, apiStrict: true, $db: 'admin' });
      expect((await w.read()).doc).toMatchObject({ ok: 0, code: 4886600 });
      w.opMsg({ hello: 1, apiVersion: '1', apiStrict: true, someFutureField: 1, $db: 'admin' });
      expect((await w.read()).doc).toMatchObject({ ok: 1, isWritablePrimary: true });
    } finally {
      w.close();
    }
  });
});
