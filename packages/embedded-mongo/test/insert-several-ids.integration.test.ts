import { serialize } from 'bson';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RawWire } from './helpers/raw-wire.js';
import { startTestEngine, type TestEngine } from './helpers/engine.js';

// No driver serialises a document naming `_id` twice, but a hand-written client can. Decoding keeps
// one of them, so storing it would index one `_id` while other readers see the other: mongod
// refuses the insert (BadValue, "can't have multiple _id fields in one document").

/** The elements of a BSON document, without its length prefix and terminator. */
const elementsOf = (doc: object) => {
  const bytes = Buffer.from(serialize(doc));
  return bytes.subarray(4, bytes.length - 1);
};

/** A BSON document from element bytes (which may repeat a name). */
function documentOf(...elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const out = Buffer.alloc(body.length + 5);
  out.writeInt32LE(out.length, 0);
  body.copy(out, 4);
  return out;
}

/** An element of type `type` (one byte) named `name` holding `value`'s bytes. */
const element = (type: number, name: string, value: Buffer) =>
  Buffer.concat([Buffer.from([type]), Buffer.from(`${name}\0`, 'latin1'), value]);

let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

test('an insert whose document names _id twice is refused with BadValue, and nothing is stored', async () => {
  const collection = t.db('ids').collection('c');
  const w = await RawWire.open(t.engine.port);
  try {
    const twice = documentOf(elementsOf({ b: 1 }), elementsOf({ _id: 7 }), elementsOf({ _id: 8 }));
    const command = documentOf(
      elementsOf({ insert: 'c' }),
      element(0x04, 'documents', documentOf(element(0x03, '0', twice))),
      elementsOf({ $db: 'ids' }),
    );
    w.sendRawBody(command);
    const reply = (await w.read()).doc;

    expect(reply).toMatchObject({
      ok: 1,
      n: 0,
      writeErrors: [{ index: 0, code: 2, errmsg: "can't have multiple _id fields in one document" }],
    });
    expect(await collection.countDocuments({})).toBe(0);

    // The same document with its `_id` once is stored, `_id` first.
    w.sendRawBody(
      documentOf(
        elementsOf({ insert: 'c' }),
        element(0x04, 'documents', documentOf(element(0x03, '0', documentOf(elementsOf({ b: 1, _id: 7 }))))),
        elementsOf({ $db: 'ids' }),
      ),
    );
    expect((await w.read()).doc).toMatchObject({ ok: 1, n: 1 });
    expect(Object.keys((await collection.findOne({})) ?? {})).toEqual(['_id', 'b']);
  } finally {
    w.close();
  }
});
