import { connect, type Socket } from 'node:net';
import { serialize, deserialize, type Document } from 'bson';
import { crc32c } from '../../src/wire/crc32c.js';

/** A bare socket speaking the wire protocol by hand, to test framing the drivers never exercise. */
export class RawWire {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(port: number): Promise<RawWire> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawWire(socket);
  }

  /** Frames an OP_MSG with a body and optional document sequences. */
  opMsg(
    body: Document,
    opts: {
      flags?: number;
      checksum?: boolean;
      sequences?: Record<string, Document[]>;
      corrupt?: boolean;
    } = {},
  ): number {
    const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
    for (const [id, docs] of Object.entries(opts.sequences ?? {})) {
      const payload = Buffer.concat([Buffer.from(`${id}\0`), ...docs.map((d) => Buffer.from(serialize(d)))]);
      const size = Buffer.alloc(4);
      size.writeInt32LE(payload.length + 4);
      parts.push(Buffer.from([1]), size, payload);
    }
    const flags = (opts.flags ?? 0) | (opts.checksum ? 1 : 0);
    const head = Buffer.alloc(20);
    const sections = Buffer.concat(parts);
    const total = 20 + sections.length + (opts.checksum ? 4 : 0);
    const id = this.nextId++;
    head.writeInt32LE(total, 0);
    head.writeInt32LE(id, 4);
    head.writeInt32LE(0, 8);
    head.writeInt32LE(2013, 12);
    head.writeUInt32LE(flags >>> 0, 16);
    let msg = Buffer.concat([head, sections]);
    if (opts.checksum) {
      const sum = Buffer.alloc(4);
      sum.writeUInt32LE((crc32c(msg) ^ (opts.corrupt ? 1 : 0)) >>> 0);
      msg = Buffer.concat([msg, sum]);
    }
    this.socket.write(msg);
    return id;
  }

  /** Frames an OP_MSG around body bytes built by hand (e.g. BSON no serializer would produce). */
  sendRawBody(body: Buffer): number {
    const id = this.nextId++;
    const head = Buffer.alloc(21);
    head.writeInt32LE(21 + body.length, 0);
    head.writeInt32LE(id, 4);
    head.writeInt32LE(2013, 12);
    this.socket.write(Buffer.concat([head, body]));
    return id;
  }

  opQuery(ns: string, query: Document): number {
    const id = this.nextId++;
    const q = Buffer.from(serialize(query));
    const nsBuf = Buffer.from(`${ns}\0`);
    const head = Buffer.alloc(20);
    const tail = Buffer.alloc(8);
    tail.writeInt32LE(0, 0);
    tail.writeInt32LE(-1, 4);
    head.writeInt32LE(20 + nsBuf.length + 8 + q.length, 0);
    head.writeInt32LE(id, 4);
    head.writeInt32LE(2004, 12);
    head.writeInt32LE(0, 16);
    this.socket.write(Buffer.concat([head, nsBuf, tail, q]));
    return id;
  }

  /** Next reply: header fields, flags and the first document (OP_MSG body or OP_REPLY document). */
  async read(): Promise<{ opCode: number; responseTo: number; flags: number; doc: Document; raw: Buffer }> {
    while (this.buf.length < 4 || this.buf.length < this.buf.readInt32LE(0)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    const len = this.buf.readInt32LE(0);
    const raw = this.buf.subarray(0, len);
    this.buf = this.buf.subarray(len);
    const opCode = raw.readInt32LE(12);
    const responseTo = raw.readInt32LE(8);
    if (opCode === 1)
      return { opCode, responseTo, flags: raw.readInt32LE(16), doc: deserialize(raw.subarray(36)), raw };
    const flags = raw.readUInt32LE(16);
    const size = raw.readInt32LE(21);
    return { opCode, responseTo, flags, doc: deserialize(raw.subarray(21, 21 + size)), raw };
  }

  close(): void {
    this.socket.destroy();
  }
}
