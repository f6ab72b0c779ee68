// How `npm start` runs the workspace's programs. By default they run as compiled JavaScript
// (dist/), the way a production install runs them: no TypeScript runner in the request path, no
// transpiling at start-up. The build runs through turbo, whose cache makes it a replay of the
// previous outputs when no source changed, so a second start does not compile anything.
// FORMWELL_FROM_SOURCES=1 runs the TypeScript sources through tsx instead (the dev loop: an edit
// applies on the next start with no build step).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The packages `npm start` runs; turbo builds the workspace packages they depend on first. */
const STARTED_PACKAGES = [
  '@formwell/server',
  '@formwell/worker',
  '@formwell/cli',
  '@formwell/embedded-mongo',
];

export function runsFromSources(env) {
  return env.FORMWELL_FROM_SOURCES === '1' || env.FORMWELL_FROM_SOURCES === 'true';
}

/** Compiles what `npm start` runs (a cache replay when nothing changed); throws when the build fails. */
export function buildStartedPackages(root, log) {
  log('building server, worker, CLI and engine (a few quiet minutes the first time; seconds afterwards) ...');
  const filters = STARTED_PACKAGES.map((name) => `--filter=${name}`);
  const { status, error } = spawnSync(
    'pnpm',
    ['turbo', 'run', 'build', ...filters, '--output-logs=errors-only'],
    // turbo's own progress goes to stderr with the rest of the script's output. The build's hash
    // ignores the run's NODE_ENV and LOG_LEVEL (turbo.json gives them to the tasks that read them
    // only), so a start with other settings, a test run and `npm run build` replay one cache.
    { cwd: root, stdio: ['ignore', 2, 2], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  if (status !== 0) {
    throw new Error(`the build failed (${error ? error.message : `exit ${status}`}); see the output above`);
  }
}

/**
 * Node arguments running one program of a package: `entry` is its source path under src/
 * (`src/main.ts`); compiled, the same module under dist/ (`dist/main.js`).
 */
export function entryArgs({ root, packageDir, entry, fromSources }) {
  if (fromSources) {
    return ['--import', 'tsx', '--conditions=@formwell/source', entry];
  }
  const compiled = entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');
  if (!existsSync(join(root, packageDir, compiled))) {
    throw new Error(`${packageDir}/${compiled} is missing after the build`);
  }

  return [compiled];
}
