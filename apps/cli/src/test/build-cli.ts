import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { withTestLock } from '@formwell/vitest-config/test-locks';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * Global setup of the CLI's integration tests: compiles the CLI and the workspace packages it
 * imports once per run (turbo skips what is current), so every test spawns `node dist/main.js`
 * rather than compiling the TypeScript sources again in each of its many child processes. The
 * server's tests build into the same dist/ folders (`npm start`, the production artefact), in a
 * test run that `npm test` runs beside this one: the repository's build lock keeps them apart.
 */
export default async function buildCli(): Promise<void> {
  await withTestLock('repository-build', () =>
    run('pnpm', ['turbo', 'run', 'build', '--filter=@formwell/cli', '--output-logs=errors-only'], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }),
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    throw new Error(`building the CLI failed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
  });
}
