import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { testRunDir } from '@formwell/vitest-config/services';
import lockfile from 'proper-lockfile';

/**
 * Test files run in parallel, each in its own process. Work that writes to one shared place (the
 * repository's dist/ folders, a build shared by the run) takes a named lock, held across processes
 * as a lock folder in the run's scratch folder.
 */
export type TestLock = 'repository-build' | 'dashboard-build';

async function acquire(name: TestLock): Promise<() => Promise<void>> {
  const dir = join(testRunDir(), 'locks');
  mkdirSync(dir, { recursive: true });

  return lockfile.lock(join(dir, name), {
    // The lock is a folder, not this path: nothing has to exist there.
    realpath: false,
    // The holder refreshes the lock every few seconds; only one that has not for a whole minute
    // (a crashed process) is taken over, so a slow build on a loaded machine keeps its lock.
    stale: 60_000,
    // A waiter waits as long as the holder works (builds take minutes on a busy machine).
    retries: { forever: true, minTimeout: 200, maxTimeout: 2_000 },
  });
}

/** Runs `work` while holding the lock `name`. */
export async function withTestLock<T>(name: TestLock, work: () => Promise<T>): Promise<T> {
  const release = await acquire(name);
  try {
    return await work();
  } finally {
    await release();
  }
}
