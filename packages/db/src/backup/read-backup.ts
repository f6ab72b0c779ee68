import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

import mongoose from 'mongoose';

import { BACKUP_FORMAT, BACKUP_VERSION, type TBackupRecord } from './backup-format.js';

const { EJSON } = mongoose.mongo.BSON;

/** A dump that is not one of ours, of a newer version, or cut short. */
export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
}

/** The records of a dump, one at a time, decompressed and parsed as they stream from disk. */
export async function* readBackup(file: string): AsyncGenerator<TBackupRecord> {
  // pipeline rather than pipe: a file that cannot be read, or is not gzip, fails the loop below
  // instead of raising an unhandled stream error.
  const input = pipeline(createReadStream(file), createGunzip(), () => undefined);
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    yield* backupRecords(file, lines);
  } catch (error) {
    if (isZlibError(error)) {
      throw new BackupFileError(`${file} is not a formwell backup (not a gzip file, or cut short)`);
    }
    throw error;
  }
}

const isZlibError = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('Z_');

async function* backupRecords(file: string, lines: AsyncIterable<string>): AsyncGenerator<TBackupRecord> {
  let first = true;
  for await (const text of lines) {
    if (text === '') {
      continue;
    }
    const record = EJSON.parse(text, { relaxed: false }) as TBackupRecord;
    if (first) {
      if (record.kind !== 'header' || record.format !== BACKUP_FORMAT) {
        throw new BackupFileError(`${file} is not a formwell backup`);
      }
      if (record.version > BACKUP_VERSION) {
        throw new BackupFileError(
          `${file} is a backup of version ${record.version}, newer than this formwell reads`,
        );
      }
      first = false;
    }
    yield record;
  }
  if (first) {
    throw new BackupFileError(`${file} is empty`);
  }
}

/**
 * Reads the whole dump once without writing anything: every collection's documents are counted and
 * compared with the footer, so a truncated or damaged file is refused before the database is touched.
 */
export async function verifyBackup(file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for await (const record of readBackup(file)) {
    if (record.kind === 'collection') {
      counts[record.name] = 0;
    } else if (record.kind === 'document') {
      counts[record.collection] = (counts[record.collection] ?? 0) + 1;
    } else if (record.kind === 'footer') {
      if (JSON.stringify(record.counts) !== JSON.stringify(counts)) {
        throw new BackupFileError(`${file} is damaged: its document counts do not match its footer`);
      }

      return counts;
    }
  }
  throw new BackupFileError(`${file} is incomplete (it has no footer): the backup did not finish`);
}
