import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { authEpochKey, DEFAULT_RATE_LIMITS } from '@formwell/core';
import { createWorkerConnection } from '@formwell/jobs';
import { startRedisCluster, type RedisClusterHandle } from '@formwell/vitest-config/redis-cluster';
import { startRedisServer, type RedisServerHandle } from '@formwell/vitest-config/redis-server';
import getPort from 'get-port';
import { Cluster, type Redis } from 'ioredis';
import { afterEach, beforeEach, expect, test } from 'vitest';

import { createApiKeyCache, type ApiKeyCache } from './api-key-cache.js';
import { createRateLimiter } from '../rate-limit/create-rate-limiter.js';
import { forgetCopiesOnTopologyChange } from './forget-copies-on-topology-change.js';

const run = promisify(execFile);
// Gossip and replication settle in a few rounds; a loaded machine can take long.
const SETTLE = { timeout: 60_000, interval: 100 };

let cluster: RedisClusterHandle;
let extra: RedisServerHandle | undefined;
let dir: string;

beforeEach(async () => {
  cluster = await startRedisCluster();
  dir = await mkdtemp(join(tmpdir(), 'formwell-topology-'));
});

afterEach(async () => {
  await extra?.stop();
  extra = undefined;
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A cache holding one verified copy, as a request would have left it. */
function cacheWithOneCopy(): ApiKeyCache {
  const cache = createApiKeyCache();
  cache.set('key-hash', { auth: {} as never, epoch: 'epoch-before-the-bump', verifiedAt: Date.now() });

  return cache;
}

function connect(): Cluster {
  const client = createWorkerConnection(cluster.url);
  if (!(client instanceof Cluster)) {
    throw new Error('expected a cluster client');
  }

  return client;
}

test('losing one master of a cluster clears the copies (the client itself stays open)', async () => {
  const client = connect();
  try {
    await client.set('probe', '1');
    const cache = cacheWithOneCopy();
    forgetCopiesOnTopologyChange(client, cache);

    await cluster.nodes[0]?.stop();

    await expect.poll(() => cache.get('key-hash'), SETTLE).toBeUndefined();
    expect(client.status).toBe('ready');
  } finally {
    client.disconnect();
  }
});

test('after a failover whose new master holds the same epoch, the epoch read no longer matches the copies', async () => {
  const [master] = cluster.nodes;
  if (!master) {
    throw new Error('no master');
  }
  // A replica of the first master, which then takes over its slots with every key replicated: the
  // stored epoch is unchanged, as it is when a bump acknowledged by the old master was lost.
  const port = await getPort({ host: '127.0.0.1' });
  const busPort = await getPort({ host: '127.0.0.1', exclude: [port] });
  extra = await startRedisServer({
    port,
    args: ['--cluster-enabled', 'yes', '--cluster-port', String(busPort)].concat([
      '--cluster-config-file',
      join(dir, `nodes-${port}.conf`),
      '--dir',
      dir,
    ]),
  });
  const { stdout: masterId } = await run('redis-cli', ['-p', String(master.port), 'cluster', 'myid']);
  await run('redis-cli', [
    '--cluster',
    'add-node',
    `127.0.0.1:${port}`,
    `127.0.0.1:${master.port}`,
    '--cluster-slave',
    '--cluster-master-id',
    masterId.trim(),
  ]);
  await expect.poll(() => replicationInfo(port), SETTLE).toMatch(/master_link_status:up/);

  const client = connect();
  try {
    const limiter = createRateLimiter({
      // As create-api-services.ts: the limiter drives a Cluster as one Redis; its type names only the latter.
      redis: client as unknown as Redis,
      rules: DEFAULT_RATE_LIMITS,
      logger: { warn() {} },
    });
    const userId = await userOwnedBy(client, master.port);
    const before = await limiter.consumeForUser('getForm', 'bucket', userId);
    const stored = await client.get(authEpochKey(userId));
    await expect.poll(() => readFrom(port, authEpochKey(userId)), SETTLE).toBe(stored);

    await run('redis-cli', ['-p', String(port), 'cluster', 'failover']);
    await expect.poll(() => replicationInfo(port), SETTLE).toMatch(/role:master/);
    await expect.poll(async () => (await client.get(authEpochKey(userId))) === stored, SETTLE).toBe(true);
    const after = await limiter.consumeForUser('getForm', 'bucket', userId);

    expect(before.epoch).not.toBeNull();
    expect(after.epoch).not.toBeNull();
    expect(after.epoch).not.toBe(before.epoch);
  } finally {
    client.disconnect();
  }
});

async function replicationInfo(port: number): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), 'info', 'replication']);

  return stdout;
}

async function readFrom(port: number, key: string): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), '-c', 'get', key]);

  return stdout.trim();
}

/** A user id whose auth keys the node on `port` holds. */
async function userOwnedBy(client: Cluster, port: number): Promise<string> {
  const ranges = await client.cluster('SLOTS');
  for (let index = 0; index < 10_000; index++) {
    const userId = index.toString(16).padStart(24, 'a');
    const slot = Number(await client.cluster('KEYSLOT', authEpochKey(userId)));
    if (ranges.some(([from, to, owner]) => slot >= from && slot <= to && owner?.[1] === port)) {
      return userId;
    }
  }
  throw new Error(`no user found for the node on port ${port}`);
}
