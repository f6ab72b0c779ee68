import { open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * File layout of a dbPath:
 *   LOCK                      owner pid (lock-file.ts)
 *   snapshot-<gen>.bson       full state at the moment journal <gen> was started
 *   journal-<gen>.log         frames committed after that moment, until journal <gen+1> starts
 *   *.tmp                     a snapshot being written; ignored and deleted at open
 * Recovery = newest readable snapshot <S> + replay of journals <S>, <S+1>, ... in order.
 */
const PATTERN = /^(snapshot|journal)-(\d{12})\.(bson|log)$/;

export const journalName = (gen: number): string => `journal-${String(gen).padStart(12, '0')}.log`;
export const snapshotName = (gen: number): string => `snapshot-${String(gen).padStart(12, '0')}.bson`;

export type DbFiles = { snapshots: number[]; journals: number[]; temporaries: string[] };

/** Generations present in the directory, ascending. */
export async function listDbFiles(dbPath: string): Promise<DbFiles> {
  const files: DbFiles = { snapshots: [], journals: [], temporaries: [] };
  for (const name of await readdir(dbPath)) {
    if (name.endsWith('.tmp')) {
      files.temporaries.push(name);
      continue;
    }
    const match = PATTERN.exec(name);
    if (!match) continue;
    const gen = Number(match[2]);
    if (match[1] === 'snapshot' && match[3] === 'bson') files.snapshots.push(gen);
    if (match[1] === 'journal' && match[3] === 'log') files.journals.push(gen);
  }
  files.snapshots.sort((a, b) => a - b);
  files.journals.sort((a, b) => a - b);
  return files;
}

/**
 * Makes creations, renames and deletions in the directory durable: fsyncing a file does not persist
 * its directory entry, so a freshly created journal or a renamed snapshot needs this too.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory as a file; NTFS journals its metadata itself.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Atomic publication: after the rename and the directory fsync the new file is the one that counts. */
export async function publishFile(dir: string, tmpName: string, finalName: string): Promise<void> {
  await rename(join(dir, tmpName), join(dir, finalName));
  await fsyncDirectory(dir);
}

/** Best-effort removal of files that no longer matter (a leftover is removed again at next open). */
export async function removeQuietly(dir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => unlink(join(dir, name)).catch(() => undefined)));
}
