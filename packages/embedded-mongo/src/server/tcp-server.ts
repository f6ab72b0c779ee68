import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { Connection } from './connection.js';
import type { ServerState } from '../commands/types.js';

/** Where the engine listens: a TCP port on 127.0.0.1, or a Unix socket file. */
export type ListenTarget = { port: number } | { socketPath: string };

/**
 * Listens on the target and hands each socket to a Connection, up to the connection cap. A Unix socket is made readable and
 * writable by its owner only (0600), so other local accounts cannot connect; a stale socket file
 * left by a killed process is replaced.
 */
export async function listen(
  state: ServerState,
  target: ListenTarget,
): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  let nextId = 1;
  const counters = state.connections;
  const server = createServer((socket) => {
    // Over the cap mongod closes the new connection at once, without a reply; so does the engine.
    if (sockets.size >= state.limits.maxConnections) {
      counters.rejected++;
      socket.destroy();
      return;
    }
    sockets.add(socket);
    counters.current++;
    counters.totalCreated++;
    socket.on('close', () => {
      sockets.delete(socket);
      counters.current--;
    });
    new Connection(socket, state, nextId++);
  });
  if ('socketPath' in target) await rm(target.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('socketPath' in target) server.listen(target.socketPath, () => resolve());
    else server.listen(target.port, '127.0.0.1', () => resolve());
  });
  if ('socketPath' in target) {
    await chmod(target.socketPath, 0o600);
    return { server, port: 0, sockets };
  }
  const addr = server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : target.port;
  return { server, port: actual, sockets };
}
