import { once } from 'node:events';

import { startRedisCluster, type RedisClusterHandle } from '@formwell/vitest-config/redis-cluster';
import { Queue, Worker } from 'bullmq';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

import { webhookDeliveryJob } from './contracts/webhook-delivery-job.js';
import { createJobProducer } from './job-producer.js';
import { QUEUE_PREFIX, QueueName } from './queue-names.js';
import { createProducerConnection, createWorkerConnection } from './redis-connection.js';
import { ZRedisEnvSchema } from './redis-env.js';

let cluster: RedisClusterHandle;

beforeAll(async () => {
  cluster = await startRedisCluster();
  const client = createWorkerConnection(cluster.url);
  try {
    const ranges = await client.cluster('SLOTS');
    slotTable = ranges.map(([from, to, master]) => ({ from, to, port: master?.[1] ?? -1 }));
  } finally {
    client.disconnect();
  }
});

afterAll(async () => {
  await cluster.stop();
});

const id = (n: number) => n.toString(16).padStart(24, 'b');

test('several node URLs, or REDIS_CLUSTER=true with one, connect to the cluster as a whole', async () => {
  const [firstNode] = cluster.nodes;
  // The producer's 500 ms command timeout is too short on a loaded test machine.
  const fromList = createProducerConnection(cluster.url, { commandTimeout: 60_000 });
  const fromFlag = createWorkerConnection(firstNode?.url ?? '', { cluster: true });
  try {
    expect(fromList).toBeInstanceOf(Cluster);
    expect(fromFlag).toBeInstanceOf(Cluster);
    await once(fromList, 'ready');
    // Keys in every slot range: the client follows the cluster's slot table to each master.
    const keys = Array.from({ length: 30 }, (_, index) => `formwell:cluster-test:${index}`);
    await Promise.all(keys.map((key) => fromList.set(key, key)));
    expect(await Promise.all(keys.map((key) => fromFlag.get(key)))).toEqual(keys);
    const slots = await Promise.all(keys.map((key) => fromFlag.cluster('KEYSLOT', key)));
    const owners = new Set(slots.map(portOfSlot));
    expect(owners.size).toBe(cluster.nodes.length);
  } finally {
    fromList.disconnect();
    fromFlag.disconnect();
  }
});

test('queues run on the cluster: every key of a queue shares the hash-tagged prefix slot', async () => {
  // The producer's fail-fast settings are not under test here; a loaded machine is slow.
  const producerConnection = createWorkerConnection(cluster.url);
  const workerConnection = createWorkerConnection(cluster.url);
  const producer = createJobProducer(producerConnection);
  const queue = new Queue(QueueName.webhook, { connection: workerConnection, prefix: QUEUE_PREFIX });
  const processed: string[] = [];
  const worker = new Worker(
    QueueName.webhook,
    (job) => {
      processed.push(String(job.id));

      return Promise.resolve();
    },
    { connection: workerConnection, prefix: QUEUE_PREFIX, concurrency: 5 },
  );
  try {
    const entryIds = Array.from({ length: 20 }, (_, index) => id(index + 1));
    for (const entryId of entryIds) {
      await producer.enqueue(webhookDeliveryJob, {
        userId: id(100),
        formId: id(101),
        submissionId: id(102),
        entryId,
        endpointId: id(103),
      });
    }
    await vi.waitFor(
      async () => expect((await queue.getJobCounts('completed')).completed).toBe(entryIds.length),
      { timeout: 60_000, interval: 50 },
    );
    expect(processed.sort()).toEqual(entryIds.map((entryId) => `webhook-${entryId}`).sort());

    // Every queue key lives on the one node owning the prefix's slot, which is why BullMQ's
    // multi-key scripts work at all on a cluster.
    const expected = await workerConnection.cluster('KEYSLOT', QUEUE_PREFIX);
    const node = createWorkerConnection(`redis://127.0.0.1:${portOfSlot(expected)}`);
    try {
      const keys = await node.keys(`${QUEUE_PREFIX}:*`);
      expect(keys.length).toBeGreaterThan(0);
      const slots = new Set(await Promise.all(keys.map((key) => node.cluster('KEYSLOT', key))));
      expect([...slots]).toEqual([expected]);
    } finally {
      node.disconnect();
    }
  } finally {
    await worker.close();
    await queue.close();
    await producer.close();
    producerConnection.disconnect();
    workerConnection.disconnect();
  }
});

test('REDIS_CLUSTER is a boolean, off unless set; REDIS_URL may list cluster nodes', () => {
  expect(ZRedisEnvSchema.parse({ REDIS_URL: 'redis://a:1' })).toEqual({
    REDIS_URL: 'redis://a:1',
    REDIS_CLUSTER: false,
  });
  expect(ZRedisEnvSchema.parse({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER: 'true' }).REDIS_CLUSTER).toBe(true);
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: 'redis://a:1', REDIS_CLUSTER: 'sure' }).success).toBe(false);
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: 'redis://a:1, redis://b:2,redis://c:3' }).success).toBe(true);
  // A cluster is never one local socket; an empty entry list is no URL at all.
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: 'redis://a:1,unix:///run/r.sock' }).success).toBe(false);
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: ' , ' }).success).toBe(false);
  expect(ZRedisEnvSchema.safeParse({ REDIS_URL: 'redis://a:1,http://b' }).success).toBe(false);
});

// Which node (by port) serves each slot, read from the cluster itself.
let slotTable: { from: number; to: number; port: number }[] = [];
const portOfSlot = (slot: number) =>
  slotTable.find((range) => slot >= range.from && slot <= range.to)?.port ?? -1;
