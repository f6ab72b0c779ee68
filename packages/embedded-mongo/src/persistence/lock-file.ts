import { open, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE } from './file-modes.js';

export class DbPathLockedError extends Error {
  override readonly name = 'DbPathLockedError';
}

export type DbPathLock = { path: string; release(): Promise<void> };

/** Lock paths held by this process: a lock file naming our own pid may be a stale one (pid reuse). */
const heldHere = new Set<string>();

/**
 * The kernel's start time of a process (Linux /proc), or '' elsewhere. Stored next to the pid so a
 * stale lock whose pid was reused by an unrelated process (common in containers) is recognised.
 */
async function startTimeOf(pid: number): Promise<string> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

async function isLiveOwner(pid: number, startTime: string): Promise<boolean> {
  try {
    process.kill(pid, 0); // signal 0: existence check only
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live owner.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (startTime === '') return true;
  const actual = await startTimeOf(pid);
  return actual === '' || actual === startTime;
}

/** The lock file's content, or null if there is none. */
async function readLock(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    // O_EXCL creation is atomic: of two processes racing here, exactly one succeeds.
    const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(`${process.pid} ${await startTimeOf(process.pid)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes `<dbPath>/LOCK`, a file holding the owner's pid. A lock left by a process that no longer
 * exists (killed with SIGKILL, machine crash) is taken over; a live owner gives a DbPathLockedError.
 * Node has no flock(), so the stale takeover has a tiny window in which two processes starting at the
 * same instant on a crashed dbPath could both win; a live lock can never be taken.
 */
export async function acquireDbPathLock(dbPath: string): Promise<DbPathLock> {
  const path = join(resolve(dbPath), 'LOCK');
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await tryCreate(path)) {
      heldHere.add(path);
      const release = async (): Promise<void> => {
        heldHere.delete(path);
        await unlink(path).catch(() => undefined);
      };
      return { path, release };
    }
    let content = await readLock(path);
    // An empty file may be an owner between its create and its write: give it time to finish.
    if (content === '') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      content = await readLock(path);
    }
    if (content === null) continue; // released meanwhile: retry
    const [pidText = '', startTime = ''] = content.trim().split(' ');
    const pid = Number.parseInt(pidText, 10);
    if (heldHere.has(path)) {
      throw new DbPathLockedError(`dbPath ${dbPath} is already open in this process (lock file ${path}).`);
    }
    if (pid !== process.pid && Number.isInteger(pid) && pid > 0 && (await isLiveOwner(pid, startTime))) {
      throw new DbPathLockedError(
        `dbPath ${dbPath} is already in use by process ${pid} (lock file ${path}). ` +
          'Stop that process, or use another dbPath. If no engine is running, delete the lock file.',
      );
    }
    // The owner is dead (SIGKILL, crash): take over, unless someone else replaced the file since.
    if ((await readLock(path)) === content) await unlink(path).catch(() => undefined);
  }
  throw new DbPathLockedError(`could not take the lock file ${path} (it keeps changing)`);
}
