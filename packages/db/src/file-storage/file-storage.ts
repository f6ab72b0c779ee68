import type { Readable } from 'node:stream';

/** Where the bytes of uploaded files live: the database itself (GridFS) or an S3-compatible store. */
export type TFileStorageKind = 'gridfs' | 's3';

export type TS3Settings = {
  /** Empty for AWS itself; the URL of MinIO, R2 or another S3-compatible server otherwise. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type TFileStorageSettings = { kind: 'gridfs' } | ({ kind: 's3' } & TS3Settings);

/**
 * The one interface both stores implement. `write` consumes `source` to its end; when the source
 * fails (a rule broken mid-stream, a client gone) it removes what it had written and rejects, so a
 * refused upload leaves no bytes behind.
 */
export type TFileStorage = {
  kind: TFileStorageKind;
  write(options: { fileId: string; name: string; source: Readable }): Promise<void>;
  /** The bytes of a stored file; rejects with `FileMissingError` when there is none. */
  read(fileId: string): Promise<Readable>;
  /** Removes the files' bytes; ids with nothing stored are skipped. */
  remove(fileIds: string[]): Promise<void>;
};

export class FileMissingError extends Error {
  constructor(fileId: string) {
    super(`no stored bytes for file ${fileId}`);
    this.name = 'FileMissingError';
  }
}
