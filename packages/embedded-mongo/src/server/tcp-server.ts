import { createServer, type Server, type Socket } from 'node:net';
import { Connection } from './connection.js';
import type { ServerState } from '../commands/types.js';

/** Listens on 127.0.0.1 and hands each socket to a Connection. */
export async function listen(
  state: ServerState,
  port: number,
): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  let nextId = 1;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, state, nextId++);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : port;
  return { server, port: actual, sockets };
}
