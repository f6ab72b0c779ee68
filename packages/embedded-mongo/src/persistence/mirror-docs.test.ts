import { describe, expect, test } from 'vitest';
import { deserialize, serialize, type Document } from 'bson';
import { MirrorDocs } from './mirror-docs.js';

const docs = (m: MirrorDocs) =>
  [...m.entries()].map(([key, doc]): [string, Document] => [key, deserialize(doc)]);

describe('MirrorDocs', () => {
  test('keeps keys in the order first stored; a replace keeps its place, a delete removes it', () => {
    const m = new MirrorDocs();
    m.set('a', serialize({ n: 1 }));
    m.set('b', serialize({ n: 2 }));
    m.set('c', serialize({ n: 3 }));
    m.set('a', serialize({ n: 4 }));
    m.delete('b');
    m.delete('missing');
    expect(docs(m)).toEqual([
      ['a', { n: 4 }],
      ['c', { n: 3 }],
    ]);
    expect(m.size).toBe(2);
    // Stored again after its delete, a key goes last, as in a Map.
    m.set('b', serialize({ n: 5 }));
    expect(docs(m).map(([key]) => key)).toEqual(['a', 'c', 'b']);
    expect([...m.values()].map((doc) => deserialize(doc))).toEqual([{ n: 4 }, { n: 3 }, { n: 5 }]);
  });

  test('keeps a copy: the bytes it was given may change afterwards', () => {
    const m = new MirrorDocs();
    const bytes = serialize({ n: 1 });
    m.set('a', bytes);
    bytes.fill(0);
    expect(docs(m)).toEqual([['a', { n: 1 }]]);
  });

  test('views handed out stay valid through rewrites and the compactions they cause', () => {
    const m = new MirrorDocs();
    const pad = 'p'.repeat(1000);
    m.set('first', serialize({ n: 0, pad }));
    const [[, firstView] = ['', Buffer.alloc(0)]] = [...m.entries()];
    for (let round = 1; round <= 40; round++) {
      for (let i = 0; i < 500; i++) m.set(`k${i}`, serialize({ n: round, i, pad }));
    }
    expect(deserialize(firstView)).toEqual({ n: 0, pad });
    const all = docs(m);
    expect(all).toHaveLength(501);
    expect(all[0]).toEqual(['first', { n: 0, pad }]);
    expect(all.slice(1).every(([key, doc], i) => key === `k${i}` && doc.n === 40 && doc.i === i)).toBe(true);
  });
});
