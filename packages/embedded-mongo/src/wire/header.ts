/** The 16-byte header every MongoDB wire message starts with. */
export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
export const HEADER_SIZE = 16;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_BSON_SIZE = 16 * 1024 * 1024;

export type MessageHeader = { length: number; requestId: number; responseTo: number; opCode: number };

export function readHeader(buf: Buffer): MessageHeader {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

export function writeHeader(buf: Buffer, requestId: number, responseTo: number, opCode: number): void {
  buf.writeInt32LE(buf.length, 0);
  buf.writeInt32LE(requestId, 4);
  buf.writeInt32LE(responseTo, 8);
  buf.writeInt32LE(opCode, 12);
}
