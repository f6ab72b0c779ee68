import { deserialize } from 'bson';
import { HEADER_SIZE, OP_REPLY, writeHeader } from './header.js';

/** The legacy OP_QUERY, accepted only for the initial `isMaster`/`hello` handshake of old drivers and tools. */
export type OpQuery = { collection: string; query: Record<string, unknown> };

export function parseOpQuery(msg: Buffer): OpQuery {
  let pos = HEADER_SIZE + 4;
  const nul = msg.indexOf(0, pos);
  const collection = msg.toString('utf8', pos, nul);
  pos = nul + 1 + 8; // numberToSkip, numberToReturn
  const size = msg.readInt32LE(pos);
  return { collection, query: deserialize(msg.subarray(pos, pos + size)) };
}

/** OP_REPLY carrying a single document, the only answer OP_QUERY gets. */
export function encodeOpReply(requestId: number, responseTo: number, doc: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + 20 + doc.length);
  writeHeader(out, requestId, responseTo, OP_REPLY);
  out.writeInt32LE(8, HEADER_SIZE); // AwaitCapable
  out.writeBigInt64LE(0n, HEADER_SIZE + 4);
  out.writeInt32LE(0, HEADER_SIZE + 12);
  out.writeInt32LE(1, HEADER_SIZE + 16);
  out.set(doc, HEADER_SIZE + 20);
  return out;
}
