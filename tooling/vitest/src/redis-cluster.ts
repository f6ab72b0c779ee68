import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

import getPort from 'get-port';

import { startRedisServer, type RedisServerHandle } from './redis-server.js';

const run = promisify(execFile);

// Forming a cluster takes a few gossip rounds; on a loaded machine that can take long.
const CLUSTER_READY_LIMIT_MS = 120_000;
const POLL_EVERY_MS = 100;

export type RedisClusterHandle = {
  /** The node URLs, comma-separated: what REDIS_URL holds for a cluster. */
  url: string;
  nodes: RedisServerHandle[];
  stop(): Promise<void>;
};

/**
 * Starts a private Redis Cluster of `masters` memory-only nodes (no replicas) with Debian's
 * redis-server, assigns the slots with `redis-cli --cluster create` and resolves once every node
 * reports `cluster_state:ok`.
 */
export async function startRedisCluster({ masters = 3 } = {}): Promise<RedisClusterHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'formwell-redis-cluster-'));
  const nodes: RedisServerHandle[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < masters; index++) {
      const port = await getPort({ host: '127.0.0.1' });
      // Its own bus port (not port + 10000, which may be taken) and its own nodes file.
      const busPort = await getPort({ host: '127.0.0.1', exclude: [port] });
      nodes.push(
        await startRedisServer({
          port,
          args: [
            '--cluster-enabled',
            'yes',
            '--cluster-port',
            String(busPort),
            '--cluster-config-file',
            join(dir, `nodes-${port}.conf`),
            '--dir',
            dir,
          ],
        }),
      );
    }
    const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
    await waitForClusterOk(nodes);
  } catch (error) {
    await stop();
    throw error;
  }

  return { url: nodes.map((node) => node.url).join(','), nodes, stop };
}

async function waitForClusterOk(nodes: RedisServerHandle[]): Promise<void> {
  const deadline = Date.now() + CLUSTER_READY_LIMIT_MS;
  const states = new Map<number, string>();
  while (Date.now() < deadline) {
    for (const node of nodes) {
      const { stdout } = await run('redis-cli', ['-p', String(node.port), 'cluster', 'info']);
      states.set(node.port, /cluster_state:(\w+)/.exec(stdout)?.[1] ?? 'unknown');
    }
    if ([...states.values()].every((state) => state === 'ok')) {
      return;
    }
    await sleep(POLL_EVERY_MS);
  }
  throw new Error(`redis cluster not ready: ${JSON.stringify(Object.fromEntries(states))}`);
}
