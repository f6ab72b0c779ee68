import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, expect, test } from 'vitest';

import { createProducerConnection, createWorkerConnection } from './redis-connection.js';
import { ZRedisUrl } from './redis-url.js';

// The embedded default of `npm start`: a redis-server with no TCP port, only an owner-only socket.
let dir = '';
let socket = '';
let redis: ReturnType<typeof spawn> | undefined;

beforeAll(async () => {
  // A space in the folder, as in a home folder named "My Projects": the URL carries it as %20.
  dir = mkdtempSync(join(tmpdir(), 'formwell redis-'));
  socket = join(dir, 'redis.sock');
  redis = spawn(
    'redis-server',
    ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  // The socket file appears when redis-server listens; it starts in milliseconds even under load.
  for (let attempt = 0; attempt < 600 && !existsSync(socket); attempt++) {
    await sleep(50);
  }
});

afterAll(async () => {
  if (redis && redis.exitCode === null) {
    redis.kill('SIGTERM');
    await once(redis, 'exit');
  }
  rmSync(dir, { recursive: true, force: true });
});

test('producer and worker connections reach a redis-server through a unix:// socket URL', async () => {
  const url = `unix://${encodeURI(socket)}`;
  expect(url).toContain('%20');
  const producer = createProducerConnection(url);
  const worker = createWorkerConnection(url);
  try {
    // The producer fails fast instead of queueing commands, so it must be connected first.
    await once(producer, 'ready');
    await producer.set('formwell:socket-test', 'through the socket');
    expect(await worker.get('formwell:socket-test')).toBe('through the socket');
  } finally {
    producer.disconnect();
    worker.disconnect();
  }
});

test('REDIS_URL accepts redis://, rediss:// and unix:/// and refuses anything else', () => {
  for (const url of [
    'redis://127.0.0.1:6379',
    'rediss://:pw@cache.example:6380/1',
    'unix:///run/redis.sock',
  ]) {
    expect(ZRedisUrl.safeParse(url).success).toBe(true);
  }
  for (const url of ['http://cache', '127.0.0.1:6379', 'unix://relative.sock', '/run/redis.sock']) {
    expect(ZRedisUrl.safeParse(url).success).toBe(false);
  }
});
