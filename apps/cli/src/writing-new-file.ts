import { CliError } from './cli-error.js';

/**
 * Runs `write`, which creates `file` and refuses one that exists (flag `wx`), turning that refusal
 * into a usage error that names the file: an archive is never overwritten.
 */
export async function writingNewFile<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAlreadyThere(error)) {
      throw new CliError(`${file} already exists; give --out a new file (nothing is ever overwritten)`);
    }
    throw error;
  }
}

/** The refusal of a `wx` open: the file was there before (and is not ours to remove). */
export function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}
