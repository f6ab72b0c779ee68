import { fileStorageFor, type TFileStorage, type TFileStorageSettings } from '@formwell/db';

let settings: TFileStorageSettings = { kind: 'gridfs' };

/**
 * Records the store this process was configured with. Each app builds its configuration once at
 * boot (buildCoreConfig calls this), so the deletions that run deep inside other rules (submission
 * delete, retention, erasure) reach the same store without every caller passing it down.
 */
export function rememberFileStorage(configured: TFileStorageSettings): void {
  settings = configured;
}

const GRIDFS: TFileStorageSettings = { kind: 'gridfs' };

/**
 * The store holding a file's bytes: where it was written, whatever FILE_STORAGE says now (GridFS
 * needs no settings, so files written there before a switch to S3 stay readable and removable).
 */
export function storageOf(file: { storage: string }): TFileStorage {
  return fileStorageFor(file.storage === 'gridfs' ? GRIDFS : settings);
}
