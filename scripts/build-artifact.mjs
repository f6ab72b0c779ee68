// `node scripts/build-artifact.mjs [--out DIR] [server] [worker] [cli]`: compiles the workspace
// (turbo runs `build` in every package that has one, so a new app joins by adding a build script)
// and makes one self-contained folder per app under DIR (default: artifacts/) with `pnpm deploy
// --prod`: the app's compiled JavaScript, its workspace packages copied in (their dist/ only, as
// their `files` fields say) and production dependencies only. Each folder runs with plain
// `node dist/main.js`, needs no pnpm, no tsx and no repository, and is what the Dockerfiles copy.
// Any app under apps/ can be named; a front end the server serves (such as a dashboard app) reaches
// the server's artefact by being one of the server's dependencies with `files: ["dist"]`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { REPO_ROOT } from '@formwell/local-services';

const DEFAULT_APPS = ['server', 'worker', 'cli'];

const { values, positionals } = parseArgs({
  options: { out: { type: 'string', default: 'artifacts' }, 'skip-build': { type: 'boolean' } },
  allowPositionals: true,
});
const apps = positionals.length > 0 ? positionals : DEFAULT_APPS;
const unknown = apps.filter((app) => !existsSync(join(REPO_ROOT, 'apps', app, 'package.json')));
if (unknown.length > 0) {
  process.stderr.write(`build-artifact: no app ${unknown.join(', ')} under apps/\n`);
  process.exit(2);
}
const outDir = isAbsolute(values.out) ? values.out : resolve(process.cwd(), values.out);

function pnpm(args) {
  execFileSync('pnpm', args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
}

if (!values['skip-build']) {
  pnpm(['turbo', 'run', 'build', '--output-logs=errors-only']);
}
for (const app of apps) {
  const target = join(outDir, app);
  // pnpm deploy refuses a non-empty target; a previous artefact is replaced whole.
  rmSync(target, { recursive: true, force: true });
  pnpm(['--filter', `@formwell/${app}`, 'deploy', '--prod', '--reporter=append-only', target]);
  stampProductVersion(join(target, 'package.json'));
  process.stdout.write(`${target}\n`);
}

/**
 * The product's version is the repository root's (package.json `version`, bumped by releases). An
 * artefact has no repository root, so its package.json is given that version, which the app reads
 * where the root is missing (apps/server/src/version.ts).
 */
function stampProductVersion(manifestPath) {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
}
