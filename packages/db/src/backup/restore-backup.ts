import type { TBackupSummary, TIndexDefinition } from './backup-format.js';
import { connectedDb } from './connected-db.js';
import { BackupFileError, readBackup, verifyBackup } from './read-backup.js';

const BATCH_SIZE = 1_000;

/** A restore that would mix the dump with data already there. */
export class RestoreTargetNotEmptyError extends Error {
  override readonly name = 'RestoreTargetNotEmptyError';
}

/** Names of the collections of the connected database that hold at least one document. */
async function collectionsWithDocuments(): Promise<string[]> {
  const db = connectedDb();
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .filter((info) => info.type !== 'view' && !info.name.startsWith('system.'))
    .map((info) => info.name);
  const filled: string[] = [];
  for (const name of names) {
    if (await db.collection(name).findOne({}, { projection: { _id: 1 } })) {
      filled.push(name);
    }
  }

  return filled.sort();
}

async function recreateCollection(
  name: string,
  options: Record<string, unknown>,
  indexes: TIndexDefinition[],
  replace: boolean,
) {
  const db = connectedDb();
  if (replace) {
    await db
      .collection(name)
      .drop()
      .catch(() => false);
  }
  const exists = (await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0;
  if (!exists) {
    await db.createCollection(name, options);
  }
  // Indexes first: the unique ones then hold for every document loaded, as they did when dumped.
  const secondary = indexes.filter((index) => index.name !== '_id_');
  if (secondary.length > 0) {
    await db.command({ createIndexes: name, indexes: secondary });
  }
}

/**
 * Loads a dump written by `writeBackup` into the connected database. The file is verified whole
 * first. The database must hold no documents (empty collections, such as those the indexes create
 * at start-up, are fine) unless `replace` is set, which drops each collection of the dump before
 * loading it; collections that are not in the dump are left alone.
 */
export async function restoreBackup({
  file,
  replace = false,
}: {
  file: string;
  replace?: boolean;
}): Promise<TBackupSummary> {
  await verifyBackup(file);
  if (!replace) {
    const filled = await collectionsWithDocuments();
    if (filled.length > 0) {
      throw new RestoreTargetNotEmptyError(
        `the database is not empty (documents in ${filled.join(', ')}); restore into an empty database, or pass --force to replace those collections`,
      );
    }
  }
  const db = connectedDb();
  const summary: TBackupSummary = { collections: {}, documents: 0, indexes: 0 };
  let batch: Record<string, unknown>[] = [];
  let current = '';
  const flush = async () => {
    if (batch.length > 0) {
      await db.collection(current).insertMany(batch, { ordered: true });
      summary.collections[current] = (summary.collections[current] ?? 0) + batch.length;
      summary.documents += batch.length;
      batch = [];
    }
  };
  for await (const record of readBackup(file)) {
    if (record.kind === 'collection') {
      await flush();
      current = record.name;
      summary.collections[current] = 0;
      summary.indexes += record.indexes.length;
      await recreateCollection(record.name, record.options, record.indexes, replace);
    } else if (record.kind === 'document') {
      if (record.collection !== current) {
        throw new BackupFileError(`a document of ${record.collection} is outside its collection's section`);
      }
      batch.push(record.document);
      if (batch.length >= BATCH_SIZE) {
        await flush();
      }
    }
  }
  await flush();

  return summary;
}
