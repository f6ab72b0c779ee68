import { rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';

import { exportAccount } from '@formwell/core';
import { newPrivateFile } from '@formwell/db';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';
import { isAlreadyThere, writingNewFile } from '../writing-new-file.js';

/**
 * `account export --user ID --out FILE` → `{file, bytes}`: everything of the account as one gzip'd
 * JSON document (no secrets). Refuses to overwrite an existing file.
 */
export async function accountExport({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, out: { type: 'string' } },
    strict: true,
  });
  const userId = requiredOption(values, 'user');
  const file = resolve(requiredOption(values, 'out'));
  const chunks = exportAccount({ userId, config });
  // The first chunk loads the user: an unknown account fails before any file is created.
  const first = await chunks.next();
  async function* all() {
    if (!first.done) {
      yield first.value;
    }
    yield* chunks;
  }
  await writingNewFile(file, async () => {
    try {
      await pipeline(Readable.from(all()), createGzip(), newPrivateFile(file));
    } catch (error) {
      // A half-written archive must not pass for a whole one; a file that was there already is kept.
      if (!isAlreadyThere(error)) {
        await rm(file, { force: true });
      }
      throw error;
    }
  });

  return { file, bytes: (await stat(file)).size };
}
