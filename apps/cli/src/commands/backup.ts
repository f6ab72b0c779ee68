import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { writeBackup } from '@formwell/db';

import { writingNewFile } from '../writing-new-file.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `backup --out FILE` → `{file, bytes, collections, documents, indexes, ms}`: a gzip'd dump of every
 * collection (documents and indexes). Refuses to overwrite an existing file.
 */
export async function backup({ args }: TCommandOptions) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
  const file = resolve(requiredOption(values, 'out'));
  const started = performance.now();
  const summary = await writingNewFile(file, () => writeBackup({ file }));
  const { size } = await stat(file);

  return { file, bytes: size, ...summary, ms: Math.round(performance.now() - started) };
}
