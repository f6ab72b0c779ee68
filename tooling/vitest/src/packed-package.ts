import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { withTestLock } from './test-locks.js';

const run = promisify(execFile);

/**
 * A workspace package as its users would get it: built, then packed by pnpm as `pnpm publish`
 * packs it (catalog and workspace versions resolved, `publishConfig` applied). Returns the paths
 * in the tarball and its package.json.
 */
export async function packedPackage(
  packageDirectory: string,
): Promise<{ files: string[]; manifest: Record<string, unknown> }> {
  const destination = await mkdtemp(join(tmpdir(), 'formwell-pack-'));
  try {
    // The build writes the package's dist/, which a turbo build of the whole repository in another
    // test run (the production artefact's) may be writing at the same time.
    await withTestLock('repository-build', () => run('pnpm', ['run', 'build'], { cwd: packageDirectory }));
    await run('pnpm', ['pack', '--pack-destination', destination], { cwd: packageDirectory });
    const [tarball = ''] = await readdir(destination);
    const listing = await run('tar', ['-tzf', join(destination, tarball)]);
    const manifest = await run('tar', ['-xzOf', join(destination, tarball), 'package/package.json']);

    return {
      files: listing.stdout
        .trim()
        .split('\n')
        .map((path) => path.replace(/^package\//, ''))
        .sort(),
      manifest: JSON.parse(manifest.stdout) as Record<string, unknown>,
    };
  } finally {
    await rm(destination, { recursive: true, force: true });
  }
}

/** What a package built from `src/` should ship: each module's code and types, the README, the manifest. */
export function publishedFiles(modules: readonly string[]): string[] {
  return [
    'README.md',
    'package.json',
    ...modules.flatMap((module) => [`dist/${module}.d.ts`, `dist/${module}.js`]),
  ].sort();
}
