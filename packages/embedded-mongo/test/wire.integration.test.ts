import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { crc32c } from '../src/wire/crc32c.js';
import { RawWire } from './helpers/raw-wire.js';

// https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
let engine: EmbeddedMongo;
let wire: RawWire;

beforeAll(async () => {
  engine = await startEmbeddedMongo({ port: 0 });
  wire = await RawWire.open(engine.port);
});
afterAll(async () => {
  wire.close();
  await engine.stop();
});

describe('wire protocol', () => {
  test('hello answers as a standalone server (https://www.mongodb.com/docs/manual/reference/command/hello/)', async () => {
    const id = wire.opMsg({ hello: 1, $db: 'admin' });
    const reply = await wire.read();
    expect(reply.opCode).toBe(2013);
    expect(reply.responseTo).toBe(id);
    expect(reply.doc).toMatchObject({
      ok: 1,
      isWritablePrimary: true,
      maxWireVersion: 25,
      minWireVersion: 0,
      maxBsonObjectSize: 16777216,
      maxMessageSizeBytes: 48000000,
      maxWriteBatchSize: 100000,
      logicalSessionTimeoutMinutes: 30,
    });
    expect(typeof reply.doc.connectionId).toBe('number');
    expect(reply.doc.localTime).toBeInstanceOf(Date);
    expect(reply.doc.compression).toBeUndefined();
    expect(reply.doc.setName).toBeUndefined();
  });

  test('legacy OP_QUERY isMaster gets an OP_REPLY', async () => {
    const id = wire.opQuery('admin.$cmd', { isMaster: 1 });
    const reply = await wire.read();
    expect(reply.opCode).toBe(1);
    expect(reply.responseTo).toBe(id);
    expect(reply.doc).toMatchObject({ ok: 1, ismaster: true, maxWireVersion: 25 });
  });

  test('legacy OP_QUERY handshake wrapped in $query is understood', async () => {
    wire.opQuery('admin.$cmd', { $query: { ismaster: 1 }, $readPreference: { mode: 'primary' } });
    const reply = await wire.read();
    expect(reply.doc).toMatchObject({ ok: 1, ismaster: true });
  });

  test('OP_QUERY for anything but the handshake is refused', async () => {
    wire.opQuery('test.$cmd', { find: 'x' });
    const reply = await wire.read();
    expect(reply.opCode).toBe(1);
    expect(reply.doc.ok).toBe(0);
  });

  test('a checksummed request gets a checksummed reply with a valid CRC-32C', async () => {
    wire.opMsg({ ping: 1, $db: 'admin' }, { checksum: true });
    const reply = await wire.read();
    expect(reply.doc.ok).toBe(1);
    expect(reply.flags & 1).toBe(1);
    const body = reply.raw.subarray(0, reply.raw.length - 4);
    expect(crc32c(body)).toBe(reply.raw.readUInt32LE(reply.raw.length - 4));
  });

  test('a request whose checksum does not match is refused', async () => {
    wire.opMsg({ ping: 1, $db: 'admin' }, { checksum: true, corrupt: true });
    const reply = await wire.read();
    expect(reply.doc.ok).toBe(0);
    expect(String(reply.doc.errmsg)).toMatch(/checksum/i);
  });

  test('document sequences (kind 1 sections) carry insert documents', async () => {
    wire.opMsg(
      { insert: 'seq', $db: 'wire' },
      { sequences: { documents: [{ _id: 1 }, { _id: 2 }, { _id: 3 }] } },
    );
    const reply = await wire.read();
    expect(reply.doc, JSON.stringify(reply.doc)).toMatchObject({ ok: 1, n: 3 });
  });

  test('moreToCome: an unacknowledged write gets no reply but is applied', async () => {
    wire.opMsg(
      { insert: 'seq', $db: 'wire', writeConcern: { w: 0 } },
      { flags: 2, sequences: { documents: [{ _id: 10 }] } },
    );
    const id = wire.opMsg({ find: 'seq', filter: { _id: 10 }, $db: 'wire' });
    const reply = await wire.read();
    expect(reply.responseTo).toBe(id);
    expect((reply.doc.cursor as { firstBatch: unknown[] }).firstBatch).toEqual([{ _id: 10 }]);
  });

  // https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size
  test('documents over 16 MB are refused', async () => {
    const big = 'x'.repeat(16 * 1024 * 1024);
    wire.opMsg({ insert: 'big', $db: 'wire' }, { sequences: { documents: [{ big }] } });
    const reply = await wire.read();
    const writeErrors = reply.doc.writeErrors as { code: number }[] | undefined;
    const code = writeErrors?.[0]?.code ?? (reply.doc.code as number);
    expect([2, 10334]).toContain(code);
    expect(reply.doc.n ?? 0).toBe(0);
  });

  test('CRC-32C matches the standard check value', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
  });
});
