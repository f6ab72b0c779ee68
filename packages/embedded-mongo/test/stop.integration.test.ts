import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import mongoose from 'mongoose';
import { expect, test } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';

/**
 * `stop()` closes every client connection at once: a test that waits on each socket's 'close'
 * (no timer) finishes only if none is left open. Sockets are opened in the same turn as the stop,
 * so some are still being accepted while it runs.
 */
test('stop closes every connection, also those accepted while it stops', async () => {
  const mongo = await startEmbeddedMongo({ port: 0 });
  const open = (): { socket: Socket; closed: Promise<unknown> } => {
    const socket = connect(mongo.port, '127.0.0.1');
    socket.on('error', () => undefined); // a reset while connecting is a close too
    return { socket, closed: new Promise((resolve) => socket.once('close', resolve)) };
  };
  const before = Array.from({ length: 10 }, open);
  await Promise.all(before.map(({ socket }) => once(socket, 'connect')));
  const during = Array.from({ length: 10 }, open);
  await mongo.stop();
  await Promise.all([...before, ...during].map(({ closed }) => closed));
  expect(mongo.connections().current).toBe(0);
});

// A driver monitors the engine through the streaming hello (an awaited hello always outstanding on
// its monitoring connection), so it sees a stop at once: with heartbeats 10 minutes apart, a
// polling monitor would only notice at the next poll. Then close() resolves without waiting for
// a server (it sends no endSessions to a server known to be gone).
test('a mongoose connection sees the stop at once and disconnects', async () => {
  const mongo = await startEmbeddedMongo({ port: 0 });
  const conn = mongoose.createConnection(`${mongo.uri}stopping`, { heartbeatFrequencyMS: 600_000 });
  let awaited = 0;
  conn.getClient().on('serverHeartbeatStarted', (e) => {
    if (e.awaited) awaited++;
  });
  await conn.asPromise();
  const Item = conn.model('Item', new mongoose.Schema({ n: Number }));
  await Item.create({ n: 1 });
  const gone = once(conn, 'disconnected');
  await mongo.stop();
  await gone;
  await conn.close();
  expect(conn.readyState).toBe(mongoose.ConnectionStates.disconnected);
  expect(awaited).toBeGreaterThanOrEqual(1);
});
