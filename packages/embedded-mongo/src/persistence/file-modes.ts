import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data directory holds every stored document: only the account running the engine may read it.
 * Directories are created 0700 and files 0600 whatever the umask, and the modes of an existing
 * directory (from an older version, or copied with looser modes) are tightened when it opens.
 */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

// Windows has no POSIX modes; access there follows the ACLs of the parent folder.
const posix = process.platform !== 'win32';

/** Creates `dir` (and missing parents) owner-only; returns the first directory created, if any. */
export async function makePrivateDir(dir: string): Promise<string | undefined> {
  const created = await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (posix) await chmod(dir, PRIVATE_DIR_MODE); // mkdir's mode is filtered by the umask
  return created;
}

/** Makes a file the engine just wrote owner-only (copies inherit their source's mode). */
export async function makePrivateFile(path: string): Promise<void> {
  if (posix) await chmod(path, PRIVATE_FILE_MODE);
}

/**
 * Tightens the data directory and every regular file directly in it. Symbolic links are left alone
 * (chmod would follow them to files outside the directory).
 */
export async function tightenDbPath(dbPath: string): Promise<void> {
  if (!posix) return;
  await chmod(dbPath, PRIVATE_DIR_MODE);
  for (const name of await readdir(dbPath)) {
    const path = join(dbPath, name);
    const info = await lstat(path).catch(() => undefined); // removed meanwhile: nothing to tighten
    if (info?.isFile() && (info.mode & 0o777) !== PRIVATE_FILE_MODE) await chmod(path, PRIVATE_FILE_MODE);
    else if (info?.isDirectory() && (info.mode & 0o777) !== PRIVATE_DIR_MODE)
      await chmod(path, PRIVATE_DIR_MODE);
  }
}
