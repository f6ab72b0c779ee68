import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import getPort from 'get-port';

export type RedisServerHandle = {
  url: string;
  port: number;
  /** The server's pid, e.g. to SIGSTOP it and simulate a Redis that stops answering. */
  pid: number;
  stop(): Promise<void>;
};

/**
 * Starts a private, memory-only redis-server on a free loopback port (the test harness's Redis).
 * `args` adds settings, such as cluster mode for a node of a test cluster.
 */
export async function startRedisServer(
  options: { port?: number; args?: string[] } = {},
): Promise<RedisServerHandle> {
  const port = options.port ?? (await getPort({ host: '127.0.0.1' }));
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  await waitForPort(port, child, () => spawnError);

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    async stop() {
      if (child.exitCode !== null) {
        return;
      }
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

// How long redis-server may take to listen: it starts in milliseconds, but a test run starts while
// the machine is busy with other checks, so only a hang is caught.
const LISTEN_LIMIT_MS = 60_000;

async function waitForPort(
  port: number,
  child: ChildProcess,
  spawnError: () => Error | undefined,
): Promise<void> {
  const deadline = Date.now() + LISTEN_LIMIT_MS;
  while (Date.now() < deadline) {
    const error = spawnError();
    if (error) {
      throw new Error(`could not start redis-server (is it installed?): ${error.message}`);
    }
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with code ${child.exitCode} before listening on ${port}`);
    }
    if (await canConnect(port)) {
      return;
    }
    await sleep(25);
  }
  throw new Error(`redis-server did not listen on port ${port} within ${LISTEN_LIMIT_MS / 1000} s`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
