import type { Collection, Document, MongoServerError } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { RawWire } from './helpers/raw-wire.js';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// mongod (bson_depth.h): maxBSONDepth 200 for any BSON received, 180 for stored documents; the
// document itself is level 1 and empty sub-documents do not count. Errors are 15 Overflow.
const nested = (levels: number, inner: unknown = 1): Document => {
  let v: unknown = inner;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v as Document; // `levels` documents deep, counting the outermost
};
const nestedArrays = (levels: number): Document => {
  let v: unknown = 1;
  for (let i = 1; i < levels; i++) v = [v];
  return { a: v }; // the document, then `levels - 1` arrays
};

/** A document `levels` deep built as bytes, for depths whose recursion would overflow a serializer. */
function deepBson(levels: number): Buffer {
  const n = levels; // non-empty documents around an innermost empty one (which does not count)
  const buf = Buffer.alloc(8 * n + 5);
  for (let i = 0; i < n; i++) {
    buf.writeInt32LE(5 + 8 * (n - i), 7 * i);
    buf.write('\x03a\x00', 7 * i + 4, 'latin1');
  }
  buf.writeInt32LE(5, 7 * n);
  return buf; // the remaining bytes are the zero terminators
}

let t: TestEngine;
let c: Collection<{ _id?: number } & Document>;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  c = t.db('depth').collection<{ _id?: number } & Document>('c');
  await c.deleteMany({});
});

describe('maxBSONDepth (https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-Nested-Depth-for-BSON-Documents)', () => {
  test('getParameter reports mongod’s default of 200', async () => {
    expect(await t.db('admin').command({ getParameter: 1, maxBSONDepth: 1 })).toMatchObject({
      maxBSONDepth: 200,
    });
  });

  test('insert: 180 levels are stored, 181 are refused with 15 Overflow', async () => {
    await c.insertOne({ _id: 1, ...nested(180) });
    await c.insertOne({ _id: 2, ...nestedArrays(180) });
    // An empty document at the next level does not count.
    await c.insertOne({ _id: 3, ...nested(180, {}) });
    expect(await c.countDocuments()).toBe(3);

    for (const doc of [nested(181), nestedArrays(181)]) {
      const err = (await serverError(() => c.insertOne({ ...doc }))) as MongoServerError;
      expect(err.code).toBe(15);
      expect(err.message).toBe('cannot insert document because it exceeds 180 levels of nesting');
    }
    expect(await c.countDocuments()).toBe(3);
  });

  test('an ordered insertMany stops at the too-deep document', async () => {
    const err = (await serverError(() =>
      c.insertMany([{ _id: 1 }, { _id: 2, ...nested(181) }, { _id: 3 }] as Document[]),
    )) as MongoServerError & { writeErrors: { index: number; code: number }[] };
    expect(err.writeErrors.map((e) => [e.index, e.code])).toEqual([[1, 15]]);
    expect(await c.countDocuments()).toBe(1);
  });

  test('updates, replacements, upserts and findAndModify refuse results deeper than 180', async () => {
    await c.insertOne({ _id: 1, x: 0 });
    const deepUpdateMsg = 'Document exceeds maximum nesting depth of 180';
    const attempts: (() => Promise<unknown>)[] = [
      () => c.updateOne({ _id: 1 }, { $set: { deep: nested(180) } }),
      () => c.replaceOne({ _id: 1 }, nested(181)),
      () => c.updateOne({ _id: 9 }, { $set: { deep: nested(180) } }, { upsert: true }),
      () => c.replaceOne({ _id: 9 }, nested(181), { upsert: true }),
      () => c.findOneAndUpdate({ _id: 1 }, { $set: { deep: nested(180) } }),
      () => c.findOneAndReplace({ _id: 1 }, nested(181)),
    ];
    for (const attempt of attempts) {
      const err = (await serverError(attempt)) as MongoServerError;
      expect([err.code, err.message]).toEqual([15, deepUpdateMsg]);
    }
    expect(await c.find().toArray()).toEqual([{ _id: 1, x: 0 }]);
    // One level less is fine (the field itself is level 2 of the document).
    await c.updateOne({ _id: 1 }, { $set: { deep: nested(179) } });
    expect(await c.countDocuments({ deep: { $exists: true } })).toBe(1);
  });

  test('a message nesting deeper than 200 is refused before it is decoded; the connection lives on', async () => {
    const w = await RawWire.open(t.engine.port);
    try {
      for (const levels of [200, 201, 100_000]) {
        // A find whose filter is `levels - 1` documents deep (the command itself is level 1).
        const filterBytes = deepBson(levels - 1);
        const head = Buffer.from([0x03, ...Buffer.from('filter\0', 'latin1')]);
        const cmd = Buffer.concat([
          Buffer.from([0x02, ...Buffer.from('find\0', 'latin1')]),
          Buffer.from([2, 0, 0, 0, 0x63, 0]), // "c"
          head,
          filterBytes,
          Buffer.from([0x02, ...Buffer.from('$db\0', 'latin1')]),
          Buffer.from([6, 0, 0, 0, ...Buffer.from('depth\0', 'latin1')]),
        ]);
        const body = Buffer.alloc(cmd.length + 5);
        body.writeInt32LE(body.length, 0);
        cmd.copy(body, 4);
        w.sendRawBody(body);
        const reply = (await w.read()).doc;
        if (levels === 200) {
          expect(reply.ok).toBe(1); // exactly at the limit
          continue;
        }
        expect(reply).toMatchObject({
          ok: 0,
          code: 15,
          codeName: 'Overflow',
          errmsg: 'BSONObj exceeds maximum nested object depth',
        });
      }
      w.opMsg({ ping: 1, $db: 'admin' });
      expect((await w.read()).doc.ok).toBe(1);
    } finally {
      w.close();
    }
  });
});
