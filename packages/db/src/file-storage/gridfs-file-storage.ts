import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import mongoose from 'mongoose';

import { FileMissingError, type TFileStorage } from './file-storage.js';

/** The GridFS bucket of uploads: collections `uploads.files` and `uploads.chunks`. */
const UPLOADS_BUCKET = 'uploads';

function database() {
  const db = mongoose.connection.db;
  if (!db) {
    throw new Error('the database is not connected');
  }

  return db;
}

function bucket() {
  return new mongoose.mongo.GridFSBucket(database(), { bucketName: UPLOADS_BUCKET });
}

/** Chunks fetched per round trip: about 1 MB, whatever the file's size. */
const CHUNKS_PER_BATCH = 4;

/**
 * A file's bytes chunk by chunk, a few chunks per round trip. The driver's own download stream
 * asks for the server's default first batch (up to 16 MB), which held most of a large file in
 * memory and delayed its first byte until all of that had arrived.
 */
async function* chunksOf(id: mongoose.Types.ObjectId): AsyncGenerator<Buffer> {
  const cursor = database()
    .collection<{ n: number; data: { buffer: Uint8Array } }>(`${UPLOADS_BUCKET}.chunks`)
    .find({ files_id: id }, { sort: { n: 1 }, batchSize: CHUNKS_PER_BATCH, projection: { n: 1, data: 1 } });
  let expected = 0;
  for await (const chunk of cursor) {
    if (chunk.n !== expected) {
      throw new Error(`file ${id.toHexString()} lacks chunk ${String(expected)}`);
    }
    expected += 1;
    yield Buffer.from(chunk.data.buffer);
  }
}

function objectIds(fileIds: string[]) {
  return fileIds.map((id) => new mongoose.Types.ObjectId(id));
}

/**
 * Files in the database the rest of the data lives in, so backups, replicas, retention and
 * erasure cover them with no other service. The driver writes 255 KB chunks as the bytes arrive:
 * a file is never held whole in memory.
 */
export function createGridFsFileStorage(): TFileStorage {
  async function remove(fileIds: string[]): Promise<void> {
    if (fileIds.length === 0) {
      return;
    }
    // Straight deletes rather than bucket.delete: it refuses a file whose `files` entry an
    // aborted upload never wrote, while its first chunks may already be there.
    const ids = objectIds(fileIds);
    await database()
      .collection(`${UPLOADS_BUCKET}.chunks`)
      .deleteMany({ files_id: { $in: ids } });
    await database()
      .collection(`${UPLOADS_BUCKET}.files`)
      .deleteMany({ _id: { $in: ids } });
  }

  return {
    kind: 'gridfs',
    async write({ fileId, name, source }) {
      const upload = bucket().openUploadStreamWithId(new mongoose.Types.ObjectId(fileId), name);
      try {
        await pipeline(source, upload);
      } catch (error) {
        await remove([fileId]);
        throw error;
      }
    },
    async read(fileId) {
      const id = new mongoose.Types.ObjectId(fileId);
      const found = await database()
        .collection(`${UPLOADS_BUCKET}.files`)
        .findOne({ _id: id }, { projection: { _id: 1 } });
      if (!found) {
        throw new FileMissingError(fileId);
      }

      return Readable.from(chunksOf(id));
    },
    remove,
  };
}
