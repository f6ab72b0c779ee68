import { describe, expect, test } from 'vitest';

import { AppError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { nextCursor } from './next-cursor.js';
import { resolvePageRequest } from './resolve-page-request.js';

const position = { createdAt: new Date('2026-11-21T06:00:00.123Z'), id: '6740a1b2c3d4e5f6a7b8c9d0' };

describe('cursor codec', () => {
  test('round-trips the sort key and is url-safe', () => {
    const cursor = encodeCursor(position);

    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  test.each([
    '',
    'not a cursor',
    '!!!',
    Buffer.from('123:zz').toString('base64url'),
    Buffer.from('x:6740a1b2c3d4e5f6a7b8c9d0').toString('base64url'),
  ])('rejects %j with a 400', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(AppError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as AppError).httpStatus).toBe(400);
    }
  });

  test('nextCursor is null on the last page and encodes the last item otherwise', () => {
    expect(nextCursor({ items: [position], hasMore: false })).toBeNull();
    expect(nextCursor({ items: [], hasMore: true })).toBeNull();
    expect(decodeCursor(nextCursor({ items: [position], hasMore: true }) ?? '')).toEqual(position);
  });
});

describe('resolvePageRequest', () => {
  test('defaults to 50 and no position', () => {
    expect(resolvePageRequest({})).toEqual({ limit: 50 });
    expect(resolvePageRequest({ cursor: null, limit: null })).toEqual({ limit: 50 });
  });

  test('accepts 1..100 and rejects the rest with 400', () => {
    expect(resolvePageRequest({ limit: 1 }).limit).toBe(1);
    expect(resolvePageRequest({ limit: 100 }).limit).toBe(100);
    for (const limit of [0, 101, 2.5, -1, Number.NaN]) {
      expect(() => resolvePageRequest({ limit })).toThrow('limit must be an integer between 1 and 100');
    }
  });

  test('decodes the cursor', () => {
    expect(resolvePageRequest({ cursor: encodeCursor(position) }).after).toEqual(position);
  });
});
