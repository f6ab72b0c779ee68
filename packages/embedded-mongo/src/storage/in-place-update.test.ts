import { Decimal128, Double, Int32, Long, ObjectId, deserialize, serialize } from 'bson';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyUpdate } from '../query/update-apply.js';
import { decodeTyped } from '../bson/typed-decode.js';
import { unsetInPlace, updateInPlace } from './in-place-update.js';

type Doc = Record<string, unknown>;

/** The update as a command carries it: encoded, then decoded both ways as the engine decodes it. */
function decoded(update: Doc): { plain: Doc; typed: Doc } {
  const bytes = serialize({ u: update });
  return { plain: deserialize(bytes).u as Doc, typed: decodeTyped(bytes).u as Doc };
}

/** What the general path stores: decode, apply (types kept), encode. */
function general(raw: Uint8Array, update: Doc): Buffer {
  const { plain, typed } = decoded(update);
  const after = applyUpdate(
    deserialize(raw),
    plain,
    'modifier',
    undefined,
    false,
    {},
    {
      old: decodeTyped(raw),
      update: typed,
    },
  );
  return Buffer.from(serialize(after));
}

const NONE = new Set<string>();

/** The in-place result, checked byte for byte against the general path when it applies. */
function inPlace(doc: Doc, update: Doc, indexed: ReadonlySet<string> = NONE): Buffer | undefined {
  const raw = Buffer.from(serialize(doc));
  const out = updateInPlace(raw, decoded(update).typed, indexed);
  if (out) expect(out.equals(general(raw, update))).toBe(true);
  // The stored bytes are never written over.
  expect(raw.equals(Buffer.from(serialize(doc)))).toBe(true);
  return out;
}

const ids = (n: number) => Array.from({ length: n }, () => new ObjectId());

describe('updates applied to the stored bytes', () => {
  test('a counter update of a submit (a $inc in a month of buckets, the last 200 ids) is done in place', () => {
    const doc = {
      _id: new ObjectId(),
      formId: new ObjectId(),
      month: '2026-11',
      days: Array.from({ length: 30 }, () => Array.from({ length: 96 }, () => 0)),
      version: 0,
      countedIds: ids(200),
    };
    const pushed = new ObjectId();
    const update = {
      $inc: { version: 1, 'days.26.33': 1 },
      $push: { countedIds: { $each: [pushed], $slice: -200 } },
    };
    const out = inPlace(doc, update);
    expect(out).toBeDefined();
    const after = deserialize(out ?? Buffer.alloc(0)) as { days: number[][]; countedIds: ObjectId[] };
    expect(after.days[26]?.[33]).toBe(1);
    expect(after.countedIds).toHaveLength(200);
    expect(String(after.countedIds[199])).toBe(String(pushed));
    expect(String(after.countedIds[0])).toBe(String(doc.countedIds[1]));
  });

  test('$set of same-type fixed-width values, and $setOnInsert on an existing document, in place', () => {
    const doc = {
      _id: 1,
      at: new Date(0),
      flag: false,
      n: new Int32(3),
      d: new Double(1.5),
      l: Long.fromNumber(7),
    };
    const update = {
      $set: { at: new Date(5000), flag: true, n: new Int32(-4), d: new Double(2.25), l: Long.fromNumber(-9) },
      $setOnInsert: { createdAt: new Date(1) },
    };
    expect(inPlace(doc, update)).toBeDefined();
    expect(inPlace({ _id: 1, o: new ObjectId() }, { $set: { o: new ObjectId() } })).toBeDefined();
  });

  test('int32, int64 and double increments that keep their type match the general path', () => {
    const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    fc.assert(
      fc.property(int32, int32, int64, fc.double(), fc.double(), (a, b, l, x, y) => {
        const doc = { _id: 1, i: new Int32(a), l: Long.fromBigInt(l), d: new Double(x) };
        const fits = a + b >= -(2 ** 31) && a + b <= 2 ** 31 - 1;
        expect(inPlace(doc, { $inc: { i: new Int32(b) } }) !== undefined).toBe(fits);
        inPlace(doc, { $inc: { l: new Int32(b) } });
        inPlace(doc, { $inc: { l: Long.fromBigInt(l) } });
        inPlace(doc, { $inc: { d: new Double(y) } });
        inPlace(doc, { $inc: { d: new Int32(b) } });
        inPlace({ _id: 1, d: new Double(-0) }, { $inc: { d: new Double(y) } });
        inPlace({ _id: 1, d: new Double(0) }, { $inc: { d: new Double(-0) } });
      }),
      { numRuns: 300 },
    );
  });

  test('a window push of k values onto n matches the general path for every fixed-width type', () => {
    const values: (() => unknown)[] = [
      () => new ObjectId(),
      () => new Int32(Math.floor(Math.random() * 1000)),
      () => new Double(Math.random()),
      () => Long.fromNumber(Math.floor(Math.random() * 1e12)),
      () => new Date(Math.floor(Math.random() * 1e12)),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (t, n, k) => {
          const make = values[t] ?? values[0];
          if (!make) return;
          const doc = { _id: 1, a: Array.from({ length: n }, make) };
          const out = inPlace(doc, { $push: { a: { $each: Array.from({ length: k }, make), $slice: -n } } });
          expect(out !== undefined).toBe(k <= n);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('whatever changes a type, a size, a structure or an index key takes the general path', () => {
    const doc = {
      _id: 1,
      i: new Int32(2147483647),
      n: new Int32(1),
      l: Long.fromNumber(1),
      dec: Decimal128.fromString('1'),
      s: 'text',
      arr: [new Int32(1), new Int32(2)],
      mixed: [new Int32(1), 'x'],
      o: { k: new Int32(1) },
    };
    const refused: Doc[] = [
      { $inc: { i: new Int32(1) } }, // overflows into int64
      { $inc: { n: Long.fromNumber(1) } }, // int32 + int64 is an int64
      { $inc: { n: new Double(1) } }, // int32 + double is a double
      { $inc: { l: new Double(1) } },
      { $inc: { dec: new Int32(1) } },
      { $inc: { missing: new Int32(1) } }, // creates a field
      { $inc: { 'o.missing': new Int32(1) } },
      { $inc: { 's.x': new Int32(1) } },
      { $inc: { 'arr.5': new Int32(1) } },
      { $inc: { 'arr.x': new Int32(1) } },
      { $inc: { 'arr.$': new Int32(1) } },
      { $inc: { _id: new Int32(1) } },
      { $set: { n: new Double(1) } },
      { $set: { s: 'other' } },
      { $set: { n: null } },
      { $unset: { n: '' } },
      { $mul: { n: new Int32(2) } },
      { $push: { arr: new Int32(3) } }, // grows the array
      { $push: { arr: { $each: [new Int32(3)], $slice: -3 } } },
      { $push: { arr: { $each: [new Int32(3)], $slice: 2 } } },
      { $push: { arr: { $each: [new Int32(3)], $slice: -2, $position: 0 } } },
      { $push: { arr: { $each: [new Double(3)], $slice: -2 } } },
      { $push: { mixed: { $each: [new Int32(3)], $slice: -2 } } },
      { $inc: { n: new Int32(1) }, $unset: { s: '' } },
    ];
    for (const update of refused)
      expect(inPlace(doc, update), JSON.stringify(Object.keys(update))).toBeUndefined();
    expect(inPlace(doc, { $inc: { 'o.k': new Int32(1) } })).toBeDefined();
    expect(inPlace(doc, { $inc: { 'o.k': new Int32(1) } }, new Set(['o']))).toBeUndefined();
  });

  test('a field stored twice (a client may insert such bytes) takes the general path', () => {
    const once = Buffer.from(serialize({ n: new Int32(1) }));
    const element = once.subarray(4, once.length - 1);
    const twice = Buffer.concat([Buffer.alloc(4), element, element, Buffer.from([0])]);
    twice.writeInt32LE(twice.length, 0);
    expect(updateInPlace(twice, decoded({ $inc: { n: new Int32(1) } }).typed, NONE)).toBeUndefined();
  });

  test('an increment by zero or a $set of the same value gives back the same bytes', () => {
    const doc = { _id: 1, n: new Int32(5), at: new Date(7) };
    const raw = Buffer.from(serialize(doc));
    expect(inPlace(doc, { $inc: { n: new Int32(0) } })?.equals(raw)).toBe(true);
    expect(inPlace(doc, { $set: { at: new Date(7) } })?.equals(raw)).toBe(true);
  });
});

describe('$unset applied to the stored bytes', () => {
  /** The bytes with the fields cut out, checked byte for byte against the general path when it applies. */
  function unset(doc: Doc, update: Doc): Buffer | undefined {
    const raw = Buffer.from(serialize(doc));
    const out = unsetInPlace(raw, decoded(update).typed)?.bytes;
    if (out) expect(out.equals(general(raw, update))).toBe(true);
    expect(raw.equals(Buffer.from(serialize(doc)))).toBe(true);
    return out;
  }

  test('removing any top-level fields of a document of any values matches the general path', () => {
    const value = fc.oneof(
      fc.integer().map((n) => new Int32(n)),
      fc.double().map((d) => new Double(d)),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.array(
        fc.integer().map((n) => new Int32(n)),
        { maxLength: 4 },
      ),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.string(), { maxKeys: 3 }),
    );
    const name = fc.constantFrom('a', 'b', 'countersPending', 'é', 'data', 'zz');
    fc.assert(
      fc.property(
        fc.dictionary(name, value),
        fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
        (rest, drop) => {
          const doc = { _id: new ObjectId(), ...rest };
          const out = unset(doc, { $unset: Object.fromEntries(drop.map((f) => [f, 1])) });
          expect(out).toBeDefined();
          const kept = Object.keys(doc).filter((k) => !(drop as string[]).includes(k));
          expect(Object.keys(deserialize(out ?? Buffer.alloc(0)))).toEqual(kept);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a field the document lacks leaves its bytes as they were; $setOnInsert beside it does nothing', () => {
    const doc = { _id: 1, n: new Int32(5) };
    expect(unset(doc, { $unset: { missing: '' } })?.equals(Buffer.from(serialize(doc)))).toBe(true);
    expect(unset(doc, { $unset: { n: '' }, $setOnInsert: { x: 1 } })).toEqual(
      Buffer.from(serialize({ _id: 1 })),
    );
  });

  test('dotted, $-prefixed, empty or _id paths, other modifiers and fields stored twice take the general path', () => {
    const doc = { _id: 1, o: { k: 1 }, n: new Int32(1) };
    for (const update of [
      { $unset: { 'o.k': 1 } },
      { $unset: { _id: 1 } },
      { $unset: { $x: 1 } },
      { $unset: { '': 1 } },
      { $unset: {} },
      { $unset: { n: 1 }, $set: { m: 1 } },
      { $inc: { n: new Int32(1) } },
    ])
      expect(unset(doc, update), JSON.stringify(update)).toBeUndefined();
    const once = Buffer.from(serialize({ n: new Int32(1) }));
    const element = once.subarray(4, once.length - 1);
    const twice = Buffer.concat([Buffer.alloc(4), element, element, Buffer.from([0])]);
    twice.writeInt32LE(twice.length, 0);
    expect(unsetInPlace(twice, decoded({ $unset: { n: 1 } }).typed)).toBeUndefined();
  });
});
