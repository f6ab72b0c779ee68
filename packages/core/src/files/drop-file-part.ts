import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';

/** No plan takes a file larger than this; a dropped part is read no further. */
const MAX_DROPPED_BYTES = 100 * 1024 * 1024;

/**
 * Reads a file part to its end and keeps none of it: the parts of a request whose files are not
 * to be stored (the honeypot caught a bot) must still be read for the fields after them. A part
 * larger than any plan allows ends the request (413), as a stored one would.
 */
export async function dropFilePart(stream: Readable): Promise<void> {
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(
          bytes > MAX_DROPPED_BYTES
            ? new AppError(AppErrorCode.PAYLOAD_TOO_LARGE, { message: 'File too large' })
            : null,
        );
      },
    }),
  );
}
