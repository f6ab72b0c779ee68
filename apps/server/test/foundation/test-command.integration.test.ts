import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { expect, test } from 'vitest';

import { repoRoot } from '../helpers/start-system.js';

/** `npm test -- …args` after its bootstrap: scripts/run-tests.mjs with those arguments. */
async function npmTest(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['scripts/run-tests.mjs', ...args],
      {
        cwd: repoRoot,
      },
    );

    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };

    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

test('npm test -- --help prints the usage, with how to run one package, on stdout', async () => {
  const result = await npmTest('--help');

  expect([result.code, result.stderr]).toEqual([0, '']);
  expect(result.stdout).toMatch(/^usage: npm test /);
  expect(result.stdout).toContain('pnpm --filter @formwell/core test:integration');
});

test('an argument npm test does not take stops it with the usage (exit 2) instead of starting the whole run', async () => {
  const result = await npmTest('@formwell/core');

  expect([result.code, result.stdout]).toEqual([2, '']);
  expect(result.stderr).toMatch(
    /^formwell: npm test takes no arguments \(got @formwell\/core\)\nusage: npm test /,
  );
});
