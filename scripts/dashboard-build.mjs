// The dashboard (apps/admin) is a static build the server serves at /. `npm start` builds it when
// the build is missing or older than any of its sources (its own files or the API router, whose
// types it is compiled against), so a fresh checkout and an update both start with a current one.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'apps/admin/src',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/package.json',
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestMtime(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;

  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** Builds the dashboard when needed; answers why it built (or null when the build was current). */
export function ensureDashboardBuild(root, log) {
  const built = newestMtime(join(root, 'apps/admin/dist/index.html'));
  const sources = Math.max(...SOURCES.map((path) => newestMtime(join(root, path))));
  if (built > 0 && built >= sources) return null;

  const reason = built === 0 ? 'not built yet' : 'sources changed since the last build';
  log(`building the dashboard (${reason}) ...`);
  const { status } = spawnSync('pnpm', ['--filter', '@formwell/admin', 'build'], {
    cwd: root,
    // The build's progress goes to stderr with the rest of this script's output.
    stdio: ['ignore', 2, 2],
  });
  if (status !== 0) {
    throw new Error(`the dashboard build failed (exit ${status}); see the output above`);
  }

  return reason;
}
