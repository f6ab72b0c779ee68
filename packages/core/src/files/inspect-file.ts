import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

import { unrecognisedKind, type TFileKind } from './file-type-rules.js';

/** Bytes the sniffer needs to recognise every type it knows. */
const HEAD_BYTES = 4100;

export type TInspectedFile = { size: number; sha256: string; kind: TFileKind };

/**
 * The stage every uploaded file's bytes pass through on their way to storage: it keeps back the
 * first 4 KB until the type is sniffed from them (so a file `check` refuses has no byte stored),
 * counts the bytes and hands each new total to `onBytes` (which throws at a limit, ending the
 * upload the moment it is crossed), and hashes them (SHA-256). Nothing else is held in memory.
 */
export class FileInspector extends Transform {
  #head: Buffer[] = [];
  #headBytes = 0;
  #sniffed: TFileKind | null = null;
  #size = 0;
  readonly #hash = createHash('sha256');

  constructor(
    private readonly options: {
      name: string;
      /**
       * Sees each new total before the chunk passes on: throws at a limit, or returns a promise
       * the chunk waits for (storage being claimed for it), which rejects at a limit.
       */
      onBytes: (total: number) => Promise<void> | undefined;
      /** Refuses a file by throwing, before any of its bytes is passed on; `size` 0 is an empty file. */
      check: (kind: TFileKind, size: number) => void;
    },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let pending: Promise<void> | undefined;
    try {
      this.#size += chunk.length;
      pending = this.options.onBytes(this.#size);
      this.#hash.update(chunk);
    } catch (error) {
      callback(error as Error);

      return;
    }
    if (pending) {
      pending.then(
        () => this.#pass(chunk, callback),
        (error: unknown) => callback(error as Error),
      );

      return;
    }
    this.#pass(chunk, callback);
  }

  #pass(chunk: Buffer, callback: TransformCallback): void {
    if (this.#sniffed !== null) {
      callback(null, chunk);

      return;
    }
    this.#head.push(chunk);
    this.#headBytes += chunk.length;
    if (this.#headBytes < HEAD_BYTES) {
      callback();

      return;
    }
    this.#releaseHead(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#sniffed !== null) {
      callback();

      return;
    }
    this.#releaseHead(callback);
  }

  #releaseHead(callback: TransformCallback): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    // file-type is loaded at the first upload, not when the package is: most processes never read a file.
    import('file-type')
      .then(({ fileTypeFromBuffer }) => fileTypeFromBuffer(head.subarray(0, HEAD_BYTES)))
      .then(
        (found) => {
          const kind: TFileKind = found
            ? { contentType: found.mime, extension: found.ext }
            : unrecognisedKind({ name: this.options.name, head: head.subarray(0, HEAD_BYTES) });
          try {
            this.options.check(kind, this.#size);
          } catch (error) {
            callback(error as Error);

            return;
          }
          this.#sniffed = kind;
          callback(null, head);
        },
        (error: unknown) => callback(error as Error),
      );
  }

  /** What the stream carried, once it has ended. */
  result(): TInspectedFile {
    return {
      size: this.#size,
      sha256: this.#hash.digest('hex'),
      kind: this.#sniffed ?? { contentType: 'application/octet-stream', extension: null },
    };
  }
}
