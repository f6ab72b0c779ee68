import { invalidParameter } from '../errors/invalid-parameter.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { decodeCursor, type TCursorPosition } from './cursor.js';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

export type TPageRequest = {
  /** 1..100, default 50. */
  limit?: number | null;
  /** A previous `nextCursor`. */
  cursor?: string | null;
};

/** Validates `limit` and decodes `cursor`; both failures are 400s. */
export function resolvePageRequest({ limit, cursor }: TPageRequest): {
  limit: number;
  after?: TCursorPosition;
} {
  const resolved = limit ?? DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(resolved) || resolved < 1 || resolved > MAX_PAGE_LIMIT) {
    throw invalidParameter('limit', ErrorMessages.INVALID_LIMIT);
  }
  if (cursor === undefined || cursor === null || cursor === '') {
    return { limit: resolved };
  }

  return { limit: resolved, after: decodeCursor(cursor) };
}
