import type { TFileStorage, TFileStorageSettings } from './file-storage.js';
import { createGridFsFileStorage } from './gridfs-file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

const made = new WeakMap<TFileStorageSettings, TFileStorage>();

/** The process's store for its settings, made once (an S3 client keeps its connections). */
export function fileStorageFor(settings: TFileStorageSettings): TFileStorage {
  let storage = made.get(settings);
  if (!storage) {
    storage = settings.kind === 's3' ? createS3FileStorage(settings) : createGridFsFileStorage();
    made.set(settings, storage);
  }

  return storage;
}
