import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { MongoClient } from 'mongodb';
import { type Document } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { withDurableEngine } from './helpers/engine.js';

const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withEngine = <T>(fn: (client: MongoClient) => Promise<T>) => withDurableEngine(dir, fn);

describe('engine state survives a restart with dbPath', () => {
  test('a failed start (port in use) releases the data directory for the next start', async () => {
    const first = await startEmbeddedMongo({ port: 0 });
    await expect(startEmbeddedMongo({ port: first.port, dbPath: dir })).rejects.toThrow(/EADDRINUSE/);
    await first.stop();
    const again = await startEmbeddedMongo({ port: 0, dbPath: dir });
    await again.stop();
  });

  test('documents, updates, deletes, indexes and drops are all recovered', async () => {
    await withEngine(async (client) => {
      const users = client.db('app').collection('users');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
      await users.insertMany([
        { _id: 1, email: 'a', n: 1 },
        { _id: 2, email: 'b', n: 1 },
        { _id: 3, email: 'c' },
      ] as Document[]);
      await users.updateOne({ _id: 1 } as Document, { $inc: { n: 41 } });
      await users.deleteOne({ _id: 3 } as Document);
      await users.dropIndex('expiresAt_1');
      await client.db('app').collection('gone').insertOne({ x: 1 });
      await client.db('app').collection('gone').drop();
      await client.db('tmp').collection('t').insertOne({ x: 1 });
      await client.db('tmp').dropDatabase();
    });
    await withEngine(async (client) => {
      const users = client.db('app').collection('users');
      expect(await users.find({}).sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, email: 'a', n: 42 },
        { _id: 2, email: 'b', n: 1 },
      ]);
      expect((await users.listIndexes().toArray()).map((i: { name: string }) => i.name)).toEqual([
        '_id_',
        'email_1',
      ]);
      const dup = await users.insertOne({ email: 'a' }).catch((e: { code: number }) => e);
      expect((dup as { code: number }).code).toBe(11000);
      expect((await client.db('app').listCollections().toArray()).map((c) => c.name)).toEqual(['users']);
      const dbs = await client.db('admin').admin().listDatabases();
      expect(dbs.databases.map((d) => d.name)).not.toContain('tmp');
    });
  });
});
