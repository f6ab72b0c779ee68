import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** An executable shell script at `path`. */
async function script(path: string, body: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `#!/usr/bin/env bash\n${body}\n`);
  await chmod(path, 0o755);
}

test('npm test -- --help answers without installing the dependencies, redis-server or a browser first', async () => {
  // A bare copy of what `npm test` runs (the bootstrap, the runner and its two helpers), with Node
  // and pnpm already in .tools: pnpm records each call, and there is no node_modules to find.
  const root = await mkdtemp(join(tmpdir(), 'formwell-test-help-'));
  try {
    for (const file of [
      'scripts/formwell.sh',
      'scripts/run-tests.mjs',
      'scripts/test-reports.mjs',
      'tooling/vitest/src/compile-cache.js',
    ]) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await copyFile(join(repoRoot, file), join(root, file));
    }
    const bootstrap = await readFile(join(repoRoot, 'scripts/formwell.sh'), 'utf8');
    const nodeVersion = /^NODE_VERSION="([^"]+)"$/m.exec(bootstrap)?.[1];
    const pnpmVersion = /^PNPM_VERSION="([^"]+)"$/m.exec(bootstrap)?.[1];
    const tools = join(root, '.tools');
    await mkdir(join(tools, 'node_modules/node'), { recursive: true });
    await writeFile(join(tools, 'node_modules/node/package.json'), '{"name":"node"}');
    await writeFile(
      join(tools, 'package.json'),
      `{"private":true,"dependencies":{"node":"${String(nodeVersion)}","pnpm":"${String(pnpmVersion)}"},"allowScripts":{"node":true,"pnpm":true}}`,
    );
    await script(join(tools, 'node_modules/.bin/node'), `exec ${process.execPath} "$@"`);
    await script(join(tools, 'node_modules/.bin/pnpm'), `echo "$@" >> ${join(root, 'pnpm-calls')}`);

    const { stdout } = await promisify(execFile)(
      'bash',
      [join(root, 'scripts/formwell.sh'), 'test', '--help'],
      {
        env: { PATH: [join(tools, 'node_modules/.bin'), '/usr/bin', '/bin'].join(':'), HOME: root },
      },
    );

    expect(stdout).toMatch(/^usage: npm test /);
    await expect(readFile(join(root, 'pnpm-calls'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
