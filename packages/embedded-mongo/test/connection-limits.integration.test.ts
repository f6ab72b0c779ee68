import { once } from 'node:events';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { RawWire } from './helpers/raw-wire.js';

// Limits are observed through the engine's counters, polled until they change: never by sleeping.
const patiently = { timeout: 30_000, interval: 20 };

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function engine(options: Parameters<typeof startEmbeddedMongo>[0]): Promise<EmbeddedMongo> {
  const e = await startEmbeddedMongo({ port: 0, ...options });
  stops.push(() => e.stop());
  return e;
}

async function rawClient(port: number): Promise<RawWire> {
  const w = await RawWire.open(port);
  stops.push(() => Promise.resolve(w.close()));
  return w;
}

async function hello(w: RawWire): Promise<unknown> {
  w.opMsg({ hello: 1, $db: 'admin' });
  return (await w.read()).doc.isWritablePrimary;
}

describe('connection cap (mongod: net.maxIncomingConnections)', () => {
  test('a connection over the cap is closed without a reply; a freed slot is reusable', async () => {
    const e = await engine({ maxConnections: 2 });
    const first = await rawClient(e.port);
    const second = await rawClient(e.port);
    expect(await hello(first)).toBe(true);
    expect(await hello(second)).toBe(true);

    const third = await rawClient(e.port);
    let received = 0;
    third.socket.on('data', (d: Buffer) => (received += d.length));
    third.socket.write(Buffer.alloc(0));
    await once(third.socket, 'close');
    expect(received).toBe(0);
    expect(e.connections()).toMatchObject({ current: 2, rejected: 1 });

    first.opMsg({ serverStatus: 1, $db: 'admin' });
    const status = (await first.read()).doc;
    expect(status.connections).toMatchObject({ current: 2, available: 0, rejected: 1, totalCreated: 2 });

    first.close();
    await vi.waitFor(() => expect(e.connections().current).toBe(1), patiently);
    expect(await hello(await rawClient(e.port))).toBe(true);
  });

  test('the default cap is 1000 and nonsense values are refused', async () => {
    const e = await engine({});
    const w = await rawClient(e.port);
    w.opMsg({ serverStatus: 1, $db: 'admin' });
    expect((await w.read()).doc.connections).toMatchObject({ current: 1, available: 999 });
    await expect(startEmbeddedMongo({ port: 0, maxConnections: 0 })).rejects.toThrow(/maxConnections/);
    await expect(startEmbeddedMongo({ port: 0, idleTimeoutMs: -1 })).rejects.toThrow(/idleTimeoutMs/);
  });
});

describe('back-pressure', () => {
  test('a client that does not read its replies stops being served until it drains them', async () => {
    const e = await engine({});
    const setup = await MongoClient.connect(e.uri);
    stops.push(() => setup.close());
    const c = setup.db('bp').collection('c');
    await c.insertOne({ k: 1, big: 'x'.repeat(1024 * 1024) });
    await c.createIndex({ k: 1 });
    // Each find below walks one index key: the key count says how many requests were run.
    const examined = () => e.stats('bp', 'c')?.keysExamined ?? 0;
    const before = examined();

    const w = await rawClient(e.port);
    const requests = 64; // 64 MB of replies if all were produced at once
    for (let i = 0; i < requests; i++) w.opMsg({ find: 'c', filter: { k: 1 }, $db: 'bp' });
    // The test client is not reading yet (its handler only buffers): the engine's writes fill up.
    await vi.waitFor(() => expect(e.connections().waitingForDrain).toBe(1), patiently);
    const servedWhileBlocked = examined() - before;
    expect(servedWhileBlocked).toBeGreaterThan(0);
    expect(servedWhileBlocked).toBeLessThan(requests);

    for (let i = 0; i < requests; i++) {
      const reply = (await w.read()).doc as { cursor: { firstBatch: { big: string }[] } };
      expect(reply.cursor.firstBatch[0]?.big).toHaveLength(1024 * 1024);
    }
    expect(examined() - before).toBe(requests);
    expect(e.connections().waitingForDrain).toBe(0);
  });
});

describe('idle timeout', () => {
  test('a silent connection is closed after idleTimeoutMs', async () => {
    const e = await engine({ idleTimeoutMs: 300 });
    const w = await rawClient(e.port);
    expect(await hello(w)).toBe(true);
    await once(w.socket, 'close');
    await vi.waitFor(() => expect(e.connections()).toMatchObject({ current: 0, idleClosed: 1 }), patiently);
  });

  test('mongoose: the next operation after the engine closed an idle pooled connection succeeds', async () => {
    const e = await engine({ idleTimeoutMs: 1500 });
    // The monitor talks every heartbeatFrequencyMS; below the idle timeout it is never idle-closed.
    const connecting = mongoose.createConnection(e.uri, {
      heartbeatFrequencyMS: 500,
      serverSelectionTimeoutMS: 10_000,
    });
    // Every pooled connection the driver opens and sees closed, counted from the very first.
    const pooled = { opened: 0, closed: 0 };
    connecting.getClient().on('connectionCreated', () => pooled.opened++);
    connecting.getClient().on('connectionClosed', () => pooled.closed++);
    const conn = await connecting.asPromise();
    stops.push(() => conn.close());
    const Item = conn.model('Item', new mongoose.Schema({ n: Number }));
    await Item.create({ n: 1 });
    const created = e.connections().totalCreated;

    // Idle, every pooled connection is closed by the engine. Wait until the driver has seen each
    // close: a driver that has not yet read a close would write into that dead socket, which no
    // retry covers on a standalone server (the reason production sets maxIdleTimeMS below the
    // engine's timeout).
    await vi.waitFor(() => expect(e.connections().idleClosed).toBeGreaterThanOrEqual(1), patiently);
    await vi.waitFor(() => expect(pooled.closed).toBe(pooled.opened), patiently);

    await Item.create({ n: 2 });
    expect((await Item.find().sort({ n: 1 }).lean()).map((d) => d.n)).toEqual([1, 2]);
    expect(e.connections().totalCreated).toBeGreaterThan(created);
  });
});
