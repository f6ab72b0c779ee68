import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import lockfile from 'proper-lockfile';

import { testRunDir } from './services.js';

/**
 * Test files run in parallel, each in its own process, and `npm test` runs several packages' test
 * runs at once. Work that writes to one shared place takes a named lock, held across processes as a
 * lock folder:
 * - `repository-build`: the repository's dist/ folders (turbo builds, `npm start`, packing a
 *   package). Shared by every test run in the repository, so the CLI's run and the server's run,
 *   side by side, never compile into the same folders at once. Builds after the first replay
 *   turbo's cache and leave the files in place, so only a first build has to be kept apart.
 * - `dashboard-build`: a build shared by the files of one run (in the run's scratch folder).
 */
export type TestLock = 'repository-build' | 'dashboard-build';

const REPOSITORY_LOCKS = fileURLToPath(
  new URL('../../../node_modules/.cache/formwell-test-locks', import.meta.url),
);

async function acquire(name: TestLock): Promise<() => Promise<void>> {
  // The repository's lock is also taken in a run's global setup, where the run's folder is not known.
  const dir = name === 'repository-build' ? REPOSITORY_LOCKS : join(testRunDir(), 'locks');
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
