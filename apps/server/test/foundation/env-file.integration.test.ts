import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { expect, onTestFinished, test } from 'vitest';

import { repoRoot } from '../helpers/start-system.js';

const run = promisify(execFile);

/** What the script needs of the repository besides itself and the .env beside it. */
const SHARED_ENTRIES = [
  '.tools',
  'node_modules',
  'apps',
  'packages',
  'tooling',
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
];

/**
 * A repository root of its own for `scripts/formwell.sh`: the script copied in (it finds the root
 * from its own place), everything else linked to this checkout, so a `.env` written there is read
 * by nobody else running tests from the real root.
 */
async function scratchRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'formwell-env-file-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await mkdir(join(root, 'scripts'));
  await copyFile(join(repoRoot, 'scripts/formwell.sh'), join(root, 'scripts/formwell.sh'));
  for (const entry of SHARED_ENTRIES) {
    await symlink(join(repoRoot, entry), join(root, entry));
  }

  return root;
}

/** `npm run formwell -- …` in `root`, with `env` as the whole environment besides PATH and HOME. */
async function formwell(root: string, env: Record<string, string>, ...args: string[]) {
  const running = run('bash', [join(root, 'scripts/formwell.sh'), 'cli', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root, ...env },
    timeout: 300_000,
  });
  // Nothing typed: the CLI reads a password from its input only when one is piped.
  running.child.stdin?.end();
  const { stdout } = await running;

  return JSON.parse(stdout) as { users?: { email: string }[] };
}

test(
  'a .env file at the repository root configures the CLI; a variable set in the environment wins',
  { timeout: 600_000 },
  async () => {
    const root = await scratchRoot();
    const email = `env-file-${randomBytes(4).toString('hex')}@example.com`;
    await writeFile(
      join(root, '.env'),
      `# as a self-hoster would keep it\nMONGODB_URI=${testMongoUri('env_file')}\nREDIS_URL=${testRedisUrl()}\n`,
    );
    // Nothing else names a database: without the file the CLI would look for the embedded engine
    // under this empty data folder and fail.
    const bare = { FORMWELL_DATA_DIR: join(root, '.data') };

    await formwell(root, bare, 'user', 'create', '--email', email);
    const listed = await formwell(root, bare, 'user', 'list');
    expect(listed.users?.map((user) => user.email)).toContain(email);

    const elsewhere = await formwell(
      root,
      { ...bare, MONGODB_URI: testMongoUri('env_file_other') },
      'user',
      'list',
    );
    expect(elsewhere.users).toEqual([]);
  },
);
