import { describe, expect, test } from 'vitest';
import { deserialize, Long, serialize } from 'bson';
import { encodeCursorReply } from './cursor-reply.js';

describe('hand-encoded cursor replies', () => {
  test('decode to the same document bson would build, raw and decoded items alike', () => {
    const raw = serialize({ _id: 1, s: 'é' });
    const bytes = encodeCursorReply('db.cöll', 123n, [raw, { _id: 2 }], true);
    expect(deserialize(bytes, { promoteLongs: false })).toEqual({
      cursor: { firstBatch: [{ _id: 1, s: 'é' }, { _id: 2 }], id: Long.fromNumber(123), ns: 'db.cöll' },
      ok: 1,
    });
    const empty = deserialize(encodeCursorReply('a.b', 0n, [], false), { promoteLongs: false });
    expect(empty).toEqual({ cursor: { nextBatch: [], id: Long.fromNumber(0), ns: 'a.b' }, ok: 1 });
  });
});
