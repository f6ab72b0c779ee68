import { join, resolve } from 'node:path';

import { acquirePidLock, PidLockHeldError } from '@formwell/local-services';

import { PRIVATE_FILE_MODE } from './file-modes.js';

export class DbPathLockedError extends Error {
  override readonly name = 'DbPathLockedError';
}

export type DbPathLock = { path: string; release(): Promise<void> };

/**
 * Takes `<dbPath>/LOCK`, a file holding the owner's pid and start time (the product's one pid lock,
 * shared with `npm start`). A lock left by a process that no longer exists (killed with SIGKILL,
 * machine crash), or whose pid was reused since, is taken over; a live owner gives a
 * DbPathLockedError.
 */
export async function acquireDbPathLock(dbPath: string): Promise<DbPathLock> {
  try {
    const lock = await acquirePidLock(join(resolve(dbPath), 'LOCK'), { mode: PRIVATE_FILE_MODE });

    return {
      path: lock.path,
      release: () => {
        lock.release();

        return Promise.resolve();
      },
    };
  } catch (error) {
    if (!(error instanceof PidLockHeldError)) throw error;
    const { path, ownerPid } = error;
    if (ownerPid === process.pid) {
      throw new DbPathLockedError(`dbPath ${dbPath} is already open in this process (lock file ${path}).`);
    }
    if (ownerPid === undefined) {
      throw new DbPathLockedError(`could not take the lock file ${path} (it keeps changing)`);
    }
    throw new DbPathLockedError(
      `dbPath ${dbPath} is already in use by process ${ownerPid} (lock file ${path}). ` +
        'Stop that process, or use another dbPath. If no engine is running, delete the lock file.',
    );
  }
}
