import { CliError } from './cli-error.js';

/**
 * Runs `write`, which creates `file` and refuses one that exists (flag `wx`), turning that refusal
 * into a usage error that names the file: an archive is never overwritten.
 */
export async function writingNewFile<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      throw new CliError(`${file} already exists; give --out a new file (nothing is ever overwritten)`);
    }
    throw error;
  }
}
