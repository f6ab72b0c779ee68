import { Double, Int32, Long, ObjectId, deserialize, serialize } from 'bson';
import { expect, test } from 'vitest';
import { withIdFirst } from './id-first.js';

const typed = (bytes: Uint8Array) => deserialize(bytes, { promoteValues: false });

test('moves an existing _id to the front and keeps every value byte for byte', () => {
  const id = new ObjectId();
  const raw = serialize({ n: new Long(5), d: new Double(1), i: new Int32(2), sub: { _id: 9 }, _id: id });
  const out = withIdFirst(raw);
  expect(out.length).toBe(raw.length);
  expect(Object.keys(deserialize(out))).toEqual(['_id', 'n', 'd', 'i', 'sub']);
  expect(typed(out)).toEqual(
    typed(serialize({ _id: id, n: new Long(5), d: new Double(1), i: new Int32(2), sub: { _id: 9 } })),
  );
});

test('adds a new _id in front when there is none, or replaces one that must not stay', () => {
  const id = new ObjectId();
  expect(deserialize(withIdFirst(serialize({ a: 1 }), id))).toEqual({ _id: id, a: 1 });
  const withUndefined = serialize({ a: 1, _id: undefined }, { ignoreUndefined: false });
  const out = withIdFirst(withUndefined, id);
  expect(deserialize(out)).toEqual({ _id: id, a: 1 });
  expect(out.readInt32LE(0)).toBe(out.length);
});
