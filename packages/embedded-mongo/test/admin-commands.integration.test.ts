import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Document, MongoClient } from 'mongodb';
import { afterAll, describe, expect, test } from 'vitest';
import { serverError, withDurableEngine } from './helpers/engine.js';

// renameCollection and dbStats as the manual's command pages describe them, with the refusals of
// mongod's rename (src/mongo/db/catalog/rename_collection.cpp: 13 outside admin, 20 onto itself,
// 26 "Source collection … does not exist", 48 "target namespace exists" without dropTarget).
const dir = mkdtempSync(join(tmpdir(), 'embedded-mongo-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withEngine = <T>(fn: (client: MongoClient) => Promise<T>) => withDurableEngine(dir, fn);

describe('renameCollection', () => {
  test('moves documents, indexes and options, also across databases, and survives a restart', async () => {
    await withEngine(async (client) => {
      const from = client.db('one').collection('from');
      await from.insertMany([
        { _id: 1, k: 'a' },
        { _id: 2, k: 'b' },
      ] as Document[]);
      await from.createIndex({ k: 1 }, { unique: true });
      await client.db('admin').command({ renameCollection: 'one.from', to: 'two.to' });
      expect(await client.db('one').listCollections().toArray()).toEqual([]);
      const to = client.db('two').collection('to');
      expect(await to.find().toArray()).toEqual([
        { _id: 1, k: 'a' },
        { _id: 2, k: 'b' },
      ]);
      expect((await to.indexes()).map((ix) => ix.name)).toEqual(['_id_', 'k_1']);
      expect((await serverError(() => to.insertOne({ _id: 3, k: 'a' } as Document))).code).toBe(11000);
    });
    await withEngine(async (client) => {
      expect(await client.db('two').collection('to').countDocuments()).toBe(2);
      expect(await client.db('one').collection('from').countDocuments()).toBe(0);
      expect((await client.db('two').collection('to').indexes()).map((ix) => ix.name)).toEqual([
        '_id_',
        'k_1',
      ]);
    });
  });

  test('refuses as mongod: outside admin, onto itself, no source, an existing target', async () => {
    await withEngine(async (client) => {
      const admin = client.db('admin');
      await client.db('r').collection('a').insertOne({ x: 1 });
      await client.db('r').collection('b').insertOne({ y: 1 });
      const code = async (db: string, body: Document) =>
        (await serverError(() => client.db(db).command(body))).code;
      expect(await code('r', { renameCollection: 'r.a', to: 'r.c' })).toBe(13);
      expect(await code('admin', { renameCollection: 'r.a', to: 'r.a' })).toBe(20);
      expect(await code('admin', { renameCollection: 'r.none', to: 'r.c' })).toBe(26);
      const exists = await serverError(() => admin.command({ renameCollection: 'r.a', to: 'r.b' }));
      expect([exists.code, exists.message]).toEqual([48, 'target namespace exists']);
      await admin.command({ renameCollection: 'r.a', to: 'r.b', dropTarget: true });
      expect(
        await client
          .db('r')
          .collection('b')
          .find({}, { projection: { _id: 0 } })
          .toArray(),
      ).toEqual([{ x: 1 }]);
    });
  });
});

describe('dbStats', () => {
  test('counts collections, documents and indexes of the database', async () => {
    await withEngine(async (client) => {
      const db = client.db('stats');
      await db.collection('s1').insertMany([{ a: 1 }, { a: 2 }]);
      await db.collection('s2').createIndex({ b: 1 });
      const stats = await db.command({ dbStats: 1 });
      expect(stats).toMatchObject({
        db: 'stats',
        collections: 2,
        views: 0,
        objects: 2,
        indexes: 3,
        scaleFactor: 1,
      });
      expect(stats.dataSize).toBeGreaterThan(0);
      expect(await client.db('nothing').command({ dbStats: 1 })).toMatchObject({
        collections: 0,
        objects: 0,
      });
      expect((await serverError(() => db.command({ dbStats: 1, scale: 0 }))).code).toBe(2);
    });
  });
});
