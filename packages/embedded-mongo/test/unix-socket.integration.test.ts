import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

describe('listening on a Unix socket', () => {
  let dir: string;
  let server: EmbeddedMongo;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emb-sock-'));
    server = await startEmbeddedMongo({ socketPath: join(dir, 'mongo.sock') });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the socket file is private to its owner', async () => {
    const info = await stat(join(dir, 'mongo.sock'));
    expect(info.isSocket()).toBe(true);
    expect(info.mode & 0o077).toBe(0);
  });

  test('the official driver connects through the percent-encoded URI', async () => {
    expect(server.uri).toBe(`mongodb://${encodeURIComponent(join(dir, 'mongo.sock'))}/`);
    const client = await MongoClient.connect(server.uri);
    try {
      await client.db('sock').collection('c').insertOne({ a: 1 });
      expect(await client.db('sock').collection('c').countDocuments({ a: 1 })).toBe(1);
    } finally {
      await client.close();
    }
  });

  test('a stale socket file left by a killed process is replaced', async () => {
    const path = join(dir, 'stale.sock');
    const first = await startEmbeddedMongo({ socketPath: path });
    // stop() closes the server, which removes the file; recreate the leftover of a SIGKILL.
    await first.stop();
    await writeFile(path, '');
    const second = await startEmbeddedMongo({ socketPath: path });
    const client = await MongoClient.connect(second.uri);
    try {
      expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
    } finally {
      await client.close();
      await second.stop();
    }
  });
});
