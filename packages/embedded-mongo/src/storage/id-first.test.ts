import { Double, Int32, Long, ObjectId, deserialize, serialize } from 'bson';
import { expect, test } from 'vitest';
import { idElementsOf, withIdFirst } from './id-first.js';

/** The splice as the collection calls it: after its one walk of the document's elements. */
const spliced = (raw: Uint8Array, newId?: unknown) => withIdFirst(raw, newId, idElementsOf(raw).first);

const typed = (bytes: Uint8Array) => deserialize(bytes, { promoteValues: false });

test('moves an existing _id to the front and keeps every value byte for byte', () => {
  const id = new ObjectId();
  const raw = serialize({ n: new Long(5), d: new Double(1), i: new Int32(2), sub: { _id: 9 }, _id: id });
  const out = spliced(raw);
  expect(out.length).toBe(raw.length);
  expect(Object.keys(deserialize(out))).toEqual(['_id', 'n', 'd', 'i', 'sub']);
  expect(typed(out)).toEqual(
    typed(serialize({ _id: id, n: new Long(5), d: new Double(1), i: new Int32(2), sub: { _id: 9 } })),
  );
});

test('adds a new _id in front when there is none, or replaces one that must not stay', () => {
  const id = new ObjectId();
  expect(deserialize(spliced(serialize({ a: 1 }), id))).toEqual({ _id: id, a: 1 });
  const withUndefined = serialize({ a: 1, _id: undefined }, { ignoreUndefined: false });
  const out = spliced(withUndefined, id);
  expect(deserialize(out)).toEqual({ _id: id, a: 1 });
  expect(out.readInt32LE(0)).toBe(out.length);
});

test('finds the first _id and tells whether another follows', () => {
  expect(idElementsOf(serialize({ a: 1 }))).toEqual({ first: undefined, several: false });
  expect(idElementsOf(serialize({ a: 1, _id: 7 }))).toMatchObject({ several: false });
});
