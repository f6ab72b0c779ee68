import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GridFSBucket, MongoClient, ObjectId, type Db } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

// Formwell stores uploaded files with the driver's GridFSBucket (bucket `uploads`); these tests
// drive the bucket over the wire the way the product does: streamed upload, ranged and whole
// download, find by metadata, delete, and an aborted upload that leaves nothing behind.
let engine: EmbeddedMongo;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  engine = await startEmbeddedMongo({ port: 0 });
  client = await new MongoClient(engine.uri).connect();
  db = client.db('gridfs');
});
afterAll(async () => {
  await client.close();
  await engine.stop();
});

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('GridFSBucket against the engine', () => {
  test('a multi-chunk file round-trips byte-identical and is found by its metadata', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'uploads', chunkSizeBytes: 255 * 1024 });
    const bytes = randomBytes(1024 * 1024 + 17);
    const id = new ObjectId();
    const upload = bucket.openUploadStreamWithId(id, 'photo.png', {
      metadata: { workspaceId: 'w1', sha256: sha256(bytes) },
    });
    await pipeline(Readable.from([bytes.subarray(0, 300_000), bytes.subarray(300_000)]), upload);
    const files = await bucket.find({ 'metadata.workspaceId': 'w1' }).toArray();
    expect(files.map((f) => [f._id.toHexString(), f.length, f.filename])).toEqual([
      [id.toHexString(), bytes.length, 'photo.png'],
    ]);
    expect(await db.collection('uploads.chunks').countDocuments({ files_id: id })).toBe(5);
    const back = await readAll(bucket.openDownloadStream(id));
    expect(sha256(back)).toBe(sha256(bytes));
    const ranged = await readAll(bucket.openDownloadStream(id, { start: 261_000, end: 262_000 }));
    expect(ranged.equals(bytes.subarray(261_000, 262_000))).toBe(true);
  });

  test('the indexes the driver creates on first upload exist', async () => {
    const names = async (c: string) =>
      (await db.collection(c).listIndexes().toArray())
        .map((index: { name?: unknown }) => String(index.name))
        .sort();
    expect(await names('uploads.files')).toEqual(['_id_', 'filename_1_uploadDate_1']);
    expect(await names('uploads.chunks')).toEqual(['_id_', 'files_id_1_n_1']);
  });

  test('delete removes the file and all of its chunks; an unknown id is refused', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'uploads', chunkSizeBytes: 1024 });
    const upload = bucket.openUploadStream('a.bin');
    await pipeline(Readable.from([randomBytes(10_000)]), upload);
    await bucket.delete(upload.id);
    expect(await db.collection('uploads.files').countDocuments({ _id: upload.id })).toBe(0);
    expect(await db.collection('uploads.chunks').countDocuments({ files_id: upload.id })).toBe(0);
    await expect(bucket.delete(new ObjectId())).rejects.toThrow(/File not found/);
  });

  test('an aborted upload removes the chunks already written', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'uploads', chunkSizeBytes: 1024 });
    const upload = bucket.openUploadStream('half.bin');
    await new Promise<void>((resolve, reject) =>
      upload.write(randomBytes(5000), (e) => (e ? reject(e) : resolve())),
    );
    await upload.abort();
    expect(await db.collection('uploads.chunks').countDocuments({ files_id: upload.id })).toBe(0);
    expect(await db.collection('uploads.files').countDocuments({ _id: upload.id })).toBe(0);
  });

  test('a zero-byte file stores a files entry and no chunk', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'uploads' });
    const upload = bucket.openUploadStream('empty.txt');
    await pipeline(Readable.from([Buffer.alloc(0)]), upload);
    expect(await db.collection('uploads.chunks').countDocuments({ files_id: upload.id })).toBe(0);
    expect((await readAll(bucket.openDownloadStream(upload.id))).length).toBe(0);
  });
});
