import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

import mongoose from 'mongoose';

import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type TBackupRecord,
  type TBackupSummary,
  type TIndexDefinition,
} from './backup-format.js';
import { connectedDb } from './connected-db.js';
import { newPrivateFile } from './new-private-file.js';

const { EJSON } = mongoose.mongo.BSON;
const BATCH_SIZE = 1_000;

/** One line of the dump: canonical Extended JSON keeps every BSON type exact. */
function line(record: TBackupRecord): string {
  return `${EJSON.stringify(record, { relaxed: false })}\n`;
}

/** An index as `createIndexes` takes it back: the server's own bookkeeping (`v`, `ns`) left out. */
function indexDefinition(index: Record<string, unknown>): TIndexDefinition {
  const { v: _version, ns: _namespace, ...definition } = index;

  return definition as TIndexDefinition;
}

async function* records(summary: TBackupSummary): AsyncGenerator<string> {
  const db = connectedDb();
  yield line({
    kind: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    database: db.databaseName,
    startedAt: new Date(),
  });
  const collections = (await db.listCollections({}, { nameOnly: false }).toArray())
    .filter((info) => info.type !== 'view' && !info.name.startsWith('system.'))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const { name, options = {} } of collections) {
    const collection = db.collection(name);
    const indexes = (await collection.listIndexes().toArray()).map(indexDefinition);
    // Collection options (capped, validator, collation…) are recreated with the collection.
    yield line({ kind: 'collection', name, options, indexes });
    summary.indexes += indexes.length;
    let count = 0;
    // One cursor per collection, read in batches, so a big collection never sits in memory whole.
    const cursor = collection.find({}, { batchSize: BATCH_SIZE });
    for await (const document of cursor) {
      yield line({ kind: 'document', collection: name, document });
      count += 1;
    }
    summary.collections[name] = count;
    summary.documents += count;
  }
  yield line({ kind: 'footer', counts: { ...summary.collections }, finishedAt: new Date() });
}

/**
 * Writes every collection of the connected database (documents and index definitions) to `file`,
 * gzip-compressed as it streams. Each collection is read through one cursor; writes that land while
 * the dump runs may or may not be in it, so stop the writers for a point-in-time copy.
 */
export async function writeBackup({ file }: { file: string }): Promise<TBackupSummary> {
  const summary: TBackupSummary = { collections: {}, documents: 0, indexes: 0 };
  await pipeline(Readable.from(records(summary)), createGzip(), newPrivateFile(file));

  return summary;
}
