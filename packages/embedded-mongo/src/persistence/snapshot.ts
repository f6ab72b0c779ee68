import { deserialize, serialize } from 'bson';
import type { Document } from 'bson';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogMirror } from './catalog-mirror.js';
import { encodeFrame } from './frame.js';
import { readFrameFile } from './frame-file-reader.js';
import { bsonAt } from './record-codec.js';
import type { IndexSpec } from './records.js';
import { PRIVATE_FILE_MODE } from './file-modes.js';

/**
 * Snapshot file = frames (frame.ts) of BSON documents:
 *   { t: 'header', v: 1, generation }
 *   { t: 'coll', db, coll, options, indexes }      once per collection, before its documents
 *   { t: 'docs', db, coll } key doc key doc ...      ~1 MiB of documents per frame: the header is
 *                                                   followed by raw BSON pairs, as in record-codec
 *   { t: 'end', collections, documents }          without it the file is incomplete, hence unusable
 */
const DOCS_FRAME_BYTES = 1024 * 1024;
const WRITE_BUFFER_BYTES = 8 * 1024 * 1024;

class SnapshotAbortedError extends Error {
  override readonly name = 'SnapshotAbortedError';
}

function frameOf(doc: Document): Buffer {
  return encodeFrame(serialize(doc));
}

/**
 * Writes the mirror to `<dbPath>/<tmpName>` and fsyncs it. It yields to the event loop between
 * buffers, so commits keep flowing and the snapshot is "fuzzy": each document is captured at some
 * moment between the start and the end of the write. That is sound because every record is a blind
 * write and the caller replays the journal started just before this snapshot over it (catalog-mirror.ts).
 */
export async function writeSnapshotFile(
  dbPath: string,
  tmpName: string,
  generation: number,
  mirror: CatalogMirror,
  shouldStop: () => boolean,
): Promise<number> {
  const handle = await open(join(dbPath, tmpName), 'w', PRIVATE_FILE_MODE);
  let chunks: Buffer[] = [];
  let chunkBytes = 0;
  let total = 0;
  const push = async (frame: Buffer): Promise<void> => {
    chunks.push(frame);
    chunkBytes += frame.length;
    if (chunkBytes >= WRITE_BUFFER_BYTES) await drain();
  };
  const drain = async (): Promise<void> => {
    if (shouldStop()) throw new SnapshotAbortedError('snapshot aborted: store closing');
    const data = Buffer.concat(chunks);
    chunks = [];
    chunkBytes = 0;
    for (let done = 0; done < data.length;) {
      const { bytesWritten } = await handle.write(data, done, data.length - done, total + done);
      done += bytesWritten;
    }
    total += data.length;
  };
  try {
    let collections = 0;
    let documents = 0;
    await push(frameOf({ t: 'header', v: 1, generation }));
    // Iterate over copies of the name lists: a drop during the write must not disturb the loops.
    for (const [db, colls] of [...mirror.databases]) {
      for (const [coll, c] of [...colls]) {
        collections += 1;
        await push(frameOf({ t: 'coll', db, coll, options: c.options, indexes: [...c.indexes.values()] }));
        const header = Buffer.from(serialize({ t: 'docs', db, coll }));
        let entries: Buffer[] = [header];
        let bytes = 0;
        for (const [key, doc] of c.docs.entries()) {
          entries.push(Buffer.from(key, 'latin1'), doc);
          bytes += key.length + doc.length;
          documents += 1;
          if (bytes >= DOCS_FRAME_BYTES) {
            await push(encodeFrame(Buffer.concat(entries)));
            entries = [header];
            bytes = 0;
          }
        }
        if (entries.length > 1) await push(encodeFrame(Buffer.concat(entries)));
      }
    }
    await push(frameOf({ t: 'end', collections, documents }));
    await drain();
    await handle.sync();
  } finally {
    await handle.close();
  }
  return total;
}

/** Reads a complete snapshot into a fresh mirror; throws if it is incomplete or damaged. */
export async function readSnapshotFile(path: string): Promise<CatalogMirror> {
  const mirror = new CatalogMirror();
  let sawHeader = false;
  let sawEnd = false;
  const result = await readFrameFile(path, (payload) => {
    const headerBytes = bsonAt(payload, 0);
    const frame = deserialize(headerBytes);
    if (sawEnd) throw new Error(`snapshot ${path}: data after the end frame`);
    if (!sawHeader) {
      if (frame.t !== 'header' || frame.v !== 1) throw new Error(`snapshot ${path}: unknown format`);
      sawHeader = true;
      return;
    }
    if (frame.t === 'end') {
      sawEnd = true;
      return;
    }
    const c = mirror.ensureCollection(String(frame.db), String(frame.coll));
    if (frame.t === 'coll') {
      c.options = frame.options as Document;
      for (const spec of frame.indexes as IndexSpec[]) c.indexes.set(spec.name, spec);
      return;
    }
    if (frame.t !== 'docs') throw new Error(`snapshot ${path}: unknown frame ${String(frame.t)}`);
    for (let pos = headerBytes.length; pos < payload.length;) {
      const key = bsonAt(payload, pos);
      const doc = bsonAt(payload, pos + key.length);
      pos += key.length + doc.length;
      // The mirror copies the bytes into its own chunks: the frame is not kept.
      c.docs.set(key.toString('latin1'), doc);
    }
  });
  if (result.problem)
    throw new Error(`snapshot ${path}: ${result.problem.reason} at offset ${result.problem.offset}`);
  if (!sawEnd) throw new Error(`snapshot ${path}: incomplete (no end frame)`);
  return mirror;
}
