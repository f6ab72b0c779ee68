import { createHash } from 'node:crypto';
import { MongoCommandError } from '../errors.js';

/** The logical session (lsid) a cursor was opened in, as mongod keeps it on its ClientCursor. */
export type CursorSession = { id: Uint8Array; uid: Uint8Array };

/**
 * Without authentication mongod gives every session the digest of the empty user name as its
 * owner (uid); a client may name one itself.
 */
const NO_USER_DIGEST = createHash('sha256').update('').digest();

/**
 * The bytes of a bson Binary (or a plain byte array), copied: a decoded Binary may view the whole
 * message it came in, which a cursor holding it would keep alive.
 */
const bytesOf = (v: unknown): Uint8Array | undefined => {
  const { buffer, position } = (v ?? {}) as { buffer?: unknown; position?: unknown };
  const bytes = v instanceof Uint8Array ? v : buffer instanceof Uint8Array ? buffer : undefined;
  if (!bytes) return undefined;
  const end = !(v instanceof Uint8Array) && typeof position === 'number' ? position : bytes.length;
  return Uint8Array.prototype.slice.call(bytes, 0, end);
};

/** The session a command runs in, from its `lsid` field; undefined when it names none. */
export function sessionOf(lsid: unknown): CursorSession | undefined {
  if (!lsid || typeof lsid !== 'object') return undefined;
  const id = bytesOf((lsid as { id?: unknown }).id);
  if (!id) return undefined;
  return { id, uid: bytesOf((lsid as { uid?: unknown }).uid) ?? NO_USER_DIGEST };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

/** mongod prints a session as "<uuid> - <uid in base64> - <txnNumber> - <txnUUID>". */
function sessionText({ id, uid }: CursorSession): string {
  const hex = Buffer.from(id).toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `${uuid} - ${Buffer.from(uid).toString('base64')} -  - `;
}

/**
 * A getMore must come from the session that opened the cursor, or from none when it was opened
 * in none: mongod checks this before anything else about the cursor, and leaves the cursor open
 * when it refuses (a session cannot read, nor end, another session's results by guessing an id).
 * killCursors is not held to this without authentication, as on mongod.
 */
export function checkGetMoreSession(
  cursorId: bigint,
  opened: CursorSession | undefined,
  asking: CursorSession | undefined,
): void {
  if (opened === asking) return;
  const prefix = `Cannot run getMore on cursor ${cursorId}, which was`;
  if (!opened && asking)
    throw new MongoCommandError(
      50736,
      'Location50736',
      `${prefix} not created in a session, in session ${sessionText(asking)}`,
    );
  if (opened && !asking)
    throw new MongoCommandError(
      50737,
      'Location50737',
      `${prefix} created in session ${sessionText(opened)}, without an lsid`,
    );
  if (opened && asking && !(sameBytes(opened.id, asking.id) && sameBytes(opened.uid, asking.uid)))
    throw new MongoCommandError(
      50738,
      'Location50738',
      `${prefix} created in session ${sessionText(opened)}, in session ${sessionText(asking)}`,
    );
}
