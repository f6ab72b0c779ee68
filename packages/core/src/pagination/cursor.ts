import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';

export type TCursorPosition = { createdAt: Date; id: string };

const PATTERN = /^(\d{1,15}):([0-9a-f]{24})$/;

/**
 * The cursor as JSON Schema, exactly as decodeCursor checks it: base64url (no padding) of
 * `<createdAt ms>:<id>`. The API documents describe it so; clients still treat it as opaque.
 */
export const CURSOR_JSON_SCHEMA = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]+$',
  maxLength: 54,
  contentEncoding: 'base64url',
  contentMediaType: 'text/plain',
  contentSchema: { type: 'string', pattern: PATTERN.source },
  description: 'The `nextCursor` of the previous page (opaque).',
} as const;

/** Opaque cursor: base64url of the last item's sort key (`createdAt` ms + id). */
export function encodeCursor({ createdAt, id }: TCursorPosition): string {
  return Buffer.from(`${createdAt.getTime()}:${id}`, 'utf8').toString('base64url');
}

/** The inverse of encodeCursor; a cursor that does not decode is a 400, never an empty page. */
export function decodeCursor(cursor: string): TCursorPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = PATTERN.exec(text);
  if (!match?.[1] || !match[2]) {
    throw invalidParameter('cursor', ErrorMessages.INVALID_CURSOR);
  }

  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
