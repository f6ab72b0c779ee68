import { Int32, type Collection, type Document } from 'mongodb';
import { beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, typedEngineHooks } from './helpers/engine.js';

// `$getField` as MongoDB's manual describes it (reference/operator/aggregation/getField): `field`
// names one field, dots and dollars included, of `input` (by default the current document); an
// input that is null or missing gives null. Only the document's own fields exist: JavaScript's
// inherited members (`constructor`, `__proto__`) are not fields of any BSON document.
const typed = typedEngineHooks();
let c: Collection;
beforeAll(async () => {
  c = typed.db('getField').collection('c');
  await c.insertOne({ _id: 1, x: 7, 'a.b': 5, a: { b: 6 }, n: 3 } as Document);
});

const result = (expr: Document) => projectFirst(c, { r: expr });

describe('$getField', () => {
  test('reads a field whose name holds a dot, from the current document by default', async () => {
    expect(await result({ $getField: 'a.b' })).toMatchObject({ r: new Int32(5) });
    expect(await result({ $getField: { field: 'b', input: '$a' } })).toMatchObject({ r: new Int32(6) });
  });

  test('inherited JavaScript members are no fields: constructor and __proto__ are missing', async () => {
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const row = await result({ $getField: { field, input: '$a' } });
      expect(row, field).not.toHaveProperty('r');
      expect(await result({ $type: { $getField: { field, input: '$a' } } }), field).toMatchObject({
        r: 'missing',
      });
    }
  });

  test('a null input gives null, not the current document field', async () => {
    expect(await result({ $getField: { field: 'x', input: null } })).toMatchObject({ r: null });
    expect(await result({ $getField: { field: 'x', input: '$nothing' } })).toMatchObject({ r: null });
  });
});
