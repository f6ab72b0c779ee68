import { afterAll, beforeAll, expect, test } from 'vitest';
import { serialize, type Document } from 'bson';
import { RawWire } from './helpers/raw-wire.js';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * BSON `undefined` (type 6) survives every path that decodes a stored document, as in mongod,
 * which keeps a stored value of every type as it is: the manual lists "Undefined" among the BSON
 * types $type selects (https://www.mongodb.com/docs/manual/reference/operator/query/type/), and
 * mongod's projection, pipeline and update code carry elements of every type through unchanged
 * (src/mongo/db/exec/projection_executor.cpp, src/mongo/db/update/update_driver.cpp). No client
 * serializer writes type 6 today, so the test sends its documents as bytes built by hand.
 */
let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t.stop());

const UNDEFINED = 0x06;
const NULL = 0x0a;

/** BSON bytes of `doc` where every null element named `name` is turned into BSON undefined. */
function withUndefined(doc: Document, name: string): Buffer {
  const bytes = Buffer.from(serialize(doc));
  const needle = Buffer.from(`\u000a${name}\u0000`, 'latin1');
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) bytes[at] = UNDEFINED;
  return bytes;
}

/** Inserts documents given as BSON bytes, through a raw OP_MSG document sequence. */
async function insertRaw(coll: string, docs: Buffer[]): Promise<void> {
  const wire = await RawWire.open(Number(new URL(t.engine.uri).port));
  try {
    const body = Buffer.from(serialize({ insert: coll, $db: 'undef' }));
    const payload = Buffer.concat([Buffer.from('documents\0'), ...docs]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    wire.sendRawBody(Buffer.concat([body, Buffer.from([1]), size, payload]));
    const reply = await wire.read();
    expect(reply.doc).toEqual({ n: docs.length, ok: 1 });
  } finally {
    wire.close();
  }
}

/** The BSON type byte of the first element named `name` in raw document bytes (NULL if absent). */
function typeOf(bytes: Uint8Array, name: string): number | undefined {
  const buf = Buffer.from(bytes);
  for (const type of [UNDEFINED, NULL]) {
    if (buf.indexOf(Buffer.from(`${String.fromCharCode(type)}${name}\u0000`, 'latin1')) >= 0) return type;
  }
  return undefined;
}

type Doc = {
  _id: number;
  u?: unknown;
  n?: number;
  list?: number[];
  l?: number[];
  sub?: Document;
  arr?: Document[];
  p?: number;
};
const coll = () => t.db('undef').collection<Doc>('docs');
const rawColl = () => t.db('undef').collection<Doc>('docs', { raw: true });

beforeAll(async () => {
  await insertRaw('docs', [
    withUndefined({ _id: 1, u: null, n: 1, sub: { su: null, k: 1 }, arr: [{ au: null }] }, 'u'),
    withUndefined(withUndefinedDoc(), 'su'),
    Buffer.from(serialize({ _id: 3, u: null, n: 3 })),
  ]);
});

function withUndefinedDoc(): Document {
  return { _id: 2, n: 2, sub: { su: null } };
}

test('a find projection keeps a BSON undefined field as undefined', async () => {
  const [doc] = (await rawColl()
    .find({ _id: 1 }, { projection: { u: 1, n: 1 } })
    .toArray()) as unknown as Buffer[];
  expect(typeOf(doc as Buffer, 'u')).toBe(UNDEFINED);
  const decoded = await coll().findOne({ _id: 1 }, { projection: { u: 1 } });
  expect(decoded && Object.keys(decoded)).toEqual(['_id', 'u']);
});

test('$type "undefined" (and 6) finds the documents holding it, also nested, and null does not', async () => {
  expect(
    (
      await coll()
        .find({ u: { $type: 'undefined' } })
        .toArray()
    ).map((d) => d._id),
  ).toEqual([1]);
  expect(
    (
      await coll()
        .find({ 'sub.su': { $type: 6 } })
        .toArray()
    ).map((d) => d._id),
  ).toEqual([2]);
  expect(
    (
      await coll()
        .find({ u: { $type: 'null' } })
        .toArray()
    ).map((d) => d._id),
  ).toEqual([3]);
  const viaExpr = await coll()
    .find({ $expr: { $eq: [{ $type: '$u' }, 'undefined'] } })
    .toArray();
  expect(viaExpr.map((d) => d._id)).toEqual([1]);
});

test('aggregation stages carry BSON undefined through, and $type names it', async () => {
  const out = (await t
    .db('undef')
    .collection<Doc>('docs')
    .aggregate(
      [
        { $match: { _id: { $in: [1, 2] } } },
        { $sort: { _id: 1 } },
        { $addFields: { t: { $type: '$u' }, st: { $type: '$sub.su' } } },
        { $project: { u: 1, sub: 1, t: 1, st: 1 } },
      ],
      { raw: true },
    )
    .toArray()) as unknown as Buffer[];
  expect(out.map((b) => typeOf(b, 'u'))).toEqual([UNDEFINED, undefined]);
  expect(out.map((b) => typeOf(b, 'su'))).toEqual([NULL, UNDEFINED]);
  const typed = await coll()
    .aggregate<{ t: string; st: string }>([
      { $match: { _id: { $in: [1, 2] } } },
      { $sort: { _id: 1 } },
      { $project: { _id: 0, t: { $type: '$u' }, st: { $type: '$sub.su' } } },
    ])
    .toArray();
  expect(typed).toEqual([
    { t: 'undefined', st: 'null' },
    { t: 'missing', st: 'undefined' },
  ]);
});

test('updates that rewrite the document keep its BSON undefined fields', async () => {
  await insertRaw('upd', [
    withUndefined({ _id: 1, u: null, list: [1], sub: { u: null, x: 1 }, arr: [{ u: null, k: 1 }] }, 'u'),
  ]);
  const upd = t.db('undef').collection<Doc>('upd');
  // $push and an arrayFilters update decode the document and encode it again.
  await upd.updateOne({ _id: 1 }, { $push: { list: 2 } });
  await upd.updateOne({ _id: 1 }, { $set: { 'arr.$[e].k': 2 } }, { arrayFilters: [{ 'e.k': 1 }] });
  await upd.updateOne({ _id: 1 }, [{ $set: { p: 1 } }]);
  const [stored] = (await t
    .db('undef')
    .collection<Doc>('upd', { raw: true })
    .find({ _id: 1 })
    .toArray()) as unknown as Buffer[];
  const buf = stored as Buffer;
  // Three undefined elements named u: top level, in sub and in the array's element.
  const needle = Buffer.from('\u0006u\u0000', 'latin1');
  let count = 0;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) count++;
  expect(count).toBe(3);
  const doc = await upd.findOne({ _id: 1 });
  expect(doc).toMatchObject({ list: [1, 2], arr: [{ k: 2 }], p: 1 });
  expect(Object.keys(doc ?? {})).toEqual(['_id', 'u', 'list', 'sub', 'arr', 'p']);
});

test('findAndModify returns and stores BSON undefined as undefined', async () => {
  await insertRaw('fam', [withUndefined({ _id: 1, u: null, n: 1 }, 'u')]);
  const after = await t
    .db('undef')
    .collection<Doc>('fam')
    .findOneAndUpdate({ _id: 1 }, { $push: { l: 1 } }, { returnDocument: 'after' });
  expect(after && Object.keys(after)).toEqual(['_id', 'u', 'n', 'l']);
  expect(after?.u).toBeUndefined();
  const fam = t.db('undef').collection<Doc>('fam', { raw: true });
  const [stored] = (await fam.find({ _id: 1 }).toArray()) as unknown as Buffer[];
  expect(typeOf(stored as Buffer, 'u')).toBe(UNDEFINED);
});
