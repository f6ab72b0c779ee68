import { deserialize, onDemand } from 'bson';
import { regexesToJs } from '../query/regex-translate.js';
import { crc32c } from './crc32c.js';
import { HEADER_SIZE, OP_MSG, writeHeader } from './header.js';
import { MongoCommandError } from '../errors.js';
import { checkMessageDepth } from '../bson/depth.js';
import { mayHoldRegex } from '../bson/command-decode.js';

export const FLAG_CHECKSUM = 1;
export const FLAG_MORE_TO_COME = 2;
const FLAG_EXHAUST_ALLOWED = 1 << 16;
const KNOWN_FLAGS = FLAG_CHECKSUM | FLAG_MORE_TO_COME | FLAG_EXHAUST_ALLOWED;

/** A parsed OP_MSG: the body document plus kind-1 document sequences (kept raw for zero-copy inserts). */
export type OpMsg = {
  flags: number;
  body: Record<string, unknown>;
  /** The body's BSON, for commands that need its values with their exact types. */
  bodyBytes: Buffer;
  sequences: Map<string, Buffer[]>;
};

const protocolError = (msg: string) => new MongoCommandError(40, 'Location40', msg);

/** Parses an OP_MSG (https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/#op_msg). */
export function parseOpMsg(msg: Buffer): OpMsg {
  const flags = msg.readUInt32LE(HEADER_SIZE);
  // Unknown required bits (0-15) must make the server fail the message, per the spec.
  if (flags & 0xffff & ~KNOWN_FLAGS) throw protocolError(`Unsupported OP_MSG flag bits: ${flags}`);
  let end = msg.length;
  if (flags & FLAG_CHECKSUM) {
    end -= 4;
    const expected = msg.readUInt32LE(end);
    if (crc32c(msg, 0, end) !== expected) throw protocolError('OP_MSG checksum does not match contents');
  }
  let pos = HEADER_SIZE + 4;
  let body: Record<string, unknown> | undefined;
  let bodyBytes: Buffer | undefined;
  const sequences = new Map<string, Buffer[]>();
  while (pos < end) {
    const kind = msg[pos++];
    if (kind === 0) {
      const size = msg.readInt32LE(pos);
      if (body) throw protocolError('OP_MSG has more than one body section');
      const bytes = msg.subarray(pos, pos + size);
      checkMessageDepth(bytes);
      const split = statementsOfBody(bytes);
      if (split) {
        // Keep the statements as their original bytes, as if sent in a document sequence: decoding
        // them to JS numbers would lose int32/int64/double distinctions, and the command decodes
        // each one itself, so the body is decoded without them (not decoded twice).
        sequences.set(split.field, split.statements);
        body = deserialize(split.rest, { bsonRegExp: true });
        if (mayHoldRegex(split.rest)) regexesToJs(body); // see decodeCommandDoc
      } else {
        body = deserialize(bytes, { bsonRegExp: true });
        if (mayHoldRegex(bytes)) regexesToJs(body); // see decodeCommandDoc
      }
      bodyBytes = bytes;
      pos += size;
    } else if (kind === 1) {
      const size = msg.readInt32LE(pos);
      const sectionEnd = pos + size;
      let p = pos + 4;
      const nul = msg.indexOf(0, p);
      const id = msg.toString('utf8', p, nul);
      p = nul + 1;
      const docs: Buffer[] = [];
      while (p < sectionEnd) {
        const len = msg.readInt32LE(p);
        const doc = msg.subarray(p, p + len);
        checkMessageDepth(doc);
        docs.push(doc);
        p += len;
      }
      sequences.set(id, docs);
      pos = sectionEnd;
    } else {
      throw protocolError(`Unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body || !bodyBytes) throw protocolError('OP_MSG has no body section');
  return { flags, body, bodyBytes, sequences };
}

/**
 * The statement array of a write command sent in its body (`insert`'s `documents`, `bulkWrite`'s
 * `ops`): the raw bytes of each statement, and the body without that field (a copy of the other
 * fields, which are few and small). A server's `bulkWrite` sent as a plain command (its ops in the
 * body) then costs what the driver's document sequence costs: before, its whole body was decoded
 * twice (plainly, and again with its number types for the updates) and its inserted documents
 * encoded again. `ops` is split only when every entry is a document (anything else is refused by
 * the command as sent).
 */
function statementsOfBody(body: Buffer): { field: string; statements: Buffer[]; rest: Buffer } | undefined {
  // The command's name is the body's first field: any other command is left whole without
  // walking its elements (this runs for every message).
  const field = startsWith(body, INSERT_NAME) ? 'documents' : startsWith(body, BULK_WRITE_NAME) ? 'ops' : '';
  if (field === '') return undefined;
  let found: { start: number; end: number; offset: number } | undefined;
  for (const [type, nameOffset, nameLength, offset, length] of onDemand.parseToElements(body)) {
    const name = body.toString('utf8', nameOffset, nameOffset + nameLength);
    if (name === field && type === 4) found = { start: nameOffset - 1, end: offset + length, offset };
  }
  if (!found) return undefined;
  const statements: Buffer[] = [];
  for (const [type, , , o, l] of onDemand.parseToElements(body, found.offset)) {
    if (field === 'ops' && type !== 3) return undefined;
    statements.push(body.subarray(o, o + l));
  }
  const rest = Buffer.concat([body.subarray(0, found.start), body.subarray(found.end)]);
  rest.writeInt32LE(rest.length, 0);
  return { field, statements, rest };
}

const INSERT_NAME = Buffer.from('insert\0', 'latin1');
const BULK_WRITE_NAME = Buffer.from('bulkWrite\0', 'latin1');

/**
 * Whether a BSON document's first element has this name (after the length and type byte). A byte
 * loop: Buffer#compare with offsets allocates views, and this runs for every message.
 */
function startsWith(body: Buffer, name: Buffer): boolean {
  if (body.length <= 5 + name.length) return false;
  for (let i = 0; i < name.length; i++) if (body[5 + i] !== name[i]) return false;
  return true;
}

/** Frames an already-serialized BSON body as an OP_MSG reply (no checksum: we never set the flag). */
export function encodeOpMsg(requestId: number, responseTo: number, body: Uint8Array, flags = 0): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + 5 + body.length);
  writeHeader(out, requestId, responseTo, OP_MSG);
  out.writeUInt32LE(flags, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  out.set(body, HEADER_SIZE + 5);
  return out;
}

/** Frames a reply with a CRC-32C checksum appended (used when the request carried one). */
export function encodeOpMsgWithChecksum(
  requestId: number,
  responseTo: number,
  body: Uint8Array,
  flags = 0,
): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + 5 + body.length + 4);
  writeHeader(out, requestId, responseTo, OP_MSG);
  out.writeUInt32LE((flags | FLAG_CHECKSUM) >>> 0, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  out.set(body, HEADER_SIZE + 5);
  out.writeUInt32LE(crc32c(out, 0, out.length - 4), out.length - 4);
  return out;
}
