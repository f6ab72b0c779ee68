import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { authEpochKey } from '@formwell/core';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Redis } from 'ioredis';
import { BSON, Binary, Decimal128, GridFSBucket, Long, MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { formwellJson, runFormwell } from './test/run-formwell.js';

let uri = '';
let dir = '';
// The test reads and writes through the driver itself, beside the CLI processes under test.
let client: MongoClient;

beforeAll(async () => {
  uri = testMongoUri('backup');
  dir = await mkdtemp(join(tmpdir(), 'formwell-backup-'));
  client = await MongoClient.connect(uri);
});

afterAll(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});

function db(databaseUri = uri) {
  return client.db(new URL(databaseUri).pathname.slice(1));
}

/** Every collection's documents (canonical EJSON, so types count) and index definitions. */
async function snapshot() {
  const infos = await db().listCollections({}, { nameOnly: false }).toArray();
  const collections: Record<string, { options: unknown; documents: string[]; indexes: unknown[] }> = {};
  for (const { name, options } of infos.sort((a, b) => a.name.localeCompare(b.name))) {
    const collection = db().collection(name);
    const documents = (await collection.find({}).sort({ _id: 1 }).toArray()).map((d) =>
      BSON.EJSON.stringify(d, { relaxed: false }),
    );
    const listed = (await collection.listIndexes().toArray()) as Record<string, unknown>[];
    const indexes = listed
      .map(({ v: _v, ns: _ns, ...index }) => index)
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    collections[name] = { options, documents, indexes };
  }

  return collections;
}

describe('formwell backup / restore', () => {
  test('backup → drop → restore gives the same collections, documents (types kept) and indexes', async () => {
    // Real application data through the CLI, plus a collection holding every BSON type we care for.
    const user = await formwellJson(
      uri,
      'user',
      'create',
      '--email',
      'dump@example.com',
      '--password',
      'pw-123456',
    );
    await formwellJson(
      uri,
      'form',
      'create',
      '--user',
      String(user.id),
      '--name',
      'Contact',
      '--type',
      'contact',
    );
    const typed = db().collection('typed_values');
    await typed.createIndex({ code: 1 }, { unique: true, name: 'code_unique' });
    await typed.createIndex({ at: 1 }, { expireAfterSeconds: 86_400 * 365 * 100, name: 'at_ttl' });
    await typed.insertMany(
      Array.from({ length: 2_500 }, (_, i) => ({
        _id: new ObjectId(),
        code: `c${i}`,
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        big: Long.fromString(`90071992547409${i % 10}3`),
        price: Decimal128.fromString(`${i}.10`),
        blob: new Binary(Buffer.from([i % 256, 1, 2, 3])),
        int: i,
        double: i + 0.5,
        nested: { list: [i, `x${i}`, null] },
      })),
    );
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'forms', 'typed_values']));
    expect(before.typed_values?.documents).toHaveLength(2_500);

    const file = join(dir, 'dump.ejson.gz');
    const dumped = await formwellJson<{ documents: number; bytes: number; ms: number }>(
      uri,
      'backup',
      '--out',
      file,
    );
    const total = Object.values(before).reduce((n, c) => n + c.documents.length, 0);
    expect(dumped.documents).toBe(total);
    expect(dumped.bytes).toBeGreaterThan(0);
    // It holds webhook secrets and password hashes: owner-only whatever the umask.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    console.info(`backup: ${dumped.documents} documents, ${dumped.bytes} bytes gzip'd, ${dumped.ms} ms`);

    // A second backup never overwrites the first.
    const again = await runFormwell(uri, 'backup', '--out', file);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${file} already exists`);

    await db().dropDatabase();
    expect(await snapshot()).toEqual({});

    const restored = await formwellJson<{ documents: number }>(uri, 'restore', '--in', file);
    expect(restored.documents).toBe(total);
    expect(await snapshot()).toEqual(before);

    // The unique index holds after the restore.
    await expect(typed.insertOne({ code: 'c1' })).rejects.toMatchObject({ code: 11000 });
  });

  test('uploaded files in GridFS (bucket uploads) come back byte-identical', async () => {
    const source = testMongoUri('backup_files');
    const bucket = new GridFSBucket(db(source), { bucketName: 'uploads' });
    // Several 255 KB chunks and a short last one, as an upload of this size is stored.
    const bytes = randomBytes(700 * 1024 + 3);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    const fileId = new ObjectId();
    await new Promise<void>((resolve, reject) => {
      bucket
        .openUploadStreamWithId(fileId, 'cv.pdf')
        .on('finish', () => resolve())
        .on('error', reject)
        .end(bytes);
    });
    const file = join(dir, 'files.ejson.gz');
    await formwellJson(source, 'backup', '--out', file);
    await db(source).dropDatabase();

    await formwellJson(source, 'restore', '--in', file);

    const chunks: Buffer[] = [];
    for await (const chunk of new GridFSBucket(db(source), { bucketName: 'uploads' }).openDownloadStream(
      fileId,
    )) {
      chunks.push(chunk as Buffer);
    }
    expect(digest(Buffer.concat(chunks))).toBe(digest(bytes));
  });

  test('restore refuses a database that holds documents, and --force replaces its collections', async () => {
    const source = testMongoUri('backup_force');
    const restoredUser = await formwellJson(source, 'user', 'create', '--email', 'one@example.com');
    const file = join(dir, 'force.ejson.gz');
    await formwellJson(source, 'backup', '--out', file);

    const target = testMongoUri('backup_target');
    const replacedUser = await formwellJson(target, 'user', 'create', '--email', 'already-here@example.com');
    const refused = await runFormwell(target, 'restore', '--in', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'the database is not empty (documents in users, workspace_members, workspaces)',
    );

    // Servers' copies of both users (the one replaced, the one restored) were made under these epochs.
    const redis = new Redis(testRedisUrl());
    try {
      const epochKeys = [restoredUser.id, replacedUser.id].map((id) => authEpochKey(String(id)));
      for (const key of epochKeys) {
        await redis.set(key, 'before-restore');
      }

      await formwellJson(target, 'restore', '--in', file, '--force');
      const targetDb = db(target);
      const emails = (await targetDb.collection('users').find({}).toArray()).map((u) => u.email as string);
      expect(emails).toEqual(['one@example.com']);
      // Every copy is retired: each user's epoch is a new one.
      const after = await Promise.all(epochKeys.map((key) => redis.get(key)));
      expect(after.every((epoch) => typeof epoch === 'string' && epoch !== 'before-restore')).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  test('backup changes nothing in the database it reads (no collection or index appears)', async () => {
    const source = testMongoUri('backup_readonly');
    const only = db(source).collection('only_this');
    await only.insertOne({ kept: true });
    const names = async () =>
      (await db(source).listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);

    await formwellJson(source, 'backup', '--out', join(dir, 'readonly.ejson.gz'));

    expect(await names()).toEqual(['only_this']);
    const indexes = (await only.listIndexes().toArray()) as { name: string }[];
    expect(indexes.map((index) => index.name)).toEqual(['_id_']);
  });

  test('restore refuses a truncated dump before writing anything', async () => {
    const source = testMongoUri('backup_cut');
    await formwellJson(source, 'user', 'create', '--email', 'cut@example.com');
    const file = join(dir, 'cut.ejson.gz');
    await formwellJson(source, 'backup', '--out', file);
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const { readFile, writeFile } = await import('node:fs/promises');
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cutFile = join(dir, 'cut-short.ejson.gz');
    await writeFile(cutFile, gzipSync(lines.slice(0, -1).join('\n')));

    const target = testMongoUri('backup_cut_target');
    const refused = await runFormwell(target, 'restore', '--in', cutFile);
    // The file the operator named is the problem: an input mistake, as a missing file is.
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is incomplete (it has no footer)');
    const targetDb = db(target);
    expect(await targetDb.collection('users').countDocuments()).toBe(0);
  });
});
