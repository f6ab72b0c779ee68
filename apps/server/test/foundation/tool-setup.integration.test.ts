import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, test } from 'vitest';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../../scripts/formwell.sh', import.meta.url));
const NODE_VERSION_LINE = /^NODE_VERSION="([^"]+)"$/m;
const PNPM_VERSION_LINE = /^PNPM_VERSION="([^"]+)"$/m;

/** An executable shell script at `path`. */
async function script(path: string, body: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `#!/usr/bin/env bash\n${body}\n`);
  await chmod(path, 0o755);
}

describe('scripts/formwell.sh tool set-up', () => {
  test('keeps the Node it installed in .tools when the machine has a recent Node of its own', async () => {
    const source = await readFile(SCRIPT, 'utf8');
    const nodeVersion = NODE_VERSION_LINE.exec(source)?.[1];
    const pnpmVersion = PNPM_VERSION_LINE.exec(source)?.[1];
    // A copy of the repository's layout: the script, and .tools as an earlier run left it (Node and
    // pnpm installed there). The machine's own Node (this test's, recent) is on PATH, and so is
    // .tools' bin folder, as after `export PATH=$PWD/.tools/node_modules/.bin:$PATH`.
    const root = await mkdtemp(join(tmpdir(), 'formwell-tools-'));
    await mkdir(join(root, 'scripts'));
    await copyFile(SCRIPT, join(root, 'scripts/formwell.sh'));
    const tools = join(root, '.tools');
    await mkdir(join(tools, 'node_modules/node'), { recursive: true });
    await writeFile(join(tools, 'node_modules/node/package.json'), '{"name":"node"}');
    await writeFile(
      join(tools, 'package.json'),
      `{"private":true,"dependencies":{"node":"${nodeVersion}","pnpm":"${pnpmVersion}"},"allowScripts":{"node":true,"pnpm":true}}`,
    );
    await script(join(tools, 'node_modules/.bin/pnpm'), 'exit 0');
    await script(join(tools, 'node_modules/.bin/node'), `exec ${process.execPath} "$@"`);
    // npm records whether it was asked to (re)install anything.
    const fakeBin = join(root, 'fake-bin');
    await script(join(fakeBin, 'npm'), `echo "$@" >> ${join(root, 'npm-calls')}`);

    await run('bash', [join(root, 'scripts/formwell.sh'), 'cli', '--help'], {
      env: {
        PATH: [join(tools, 'node_modules/.bin'), fakeBin, dirname(process.execPath), '/usr/bin', '/bin'].join(
          ':',
        ),
        HOME: root,
      },
    }).catch(() => undefined); // what follows the tool set-up (dependencies) fails in this bare copy

    await expect(readFile(join(root, 'npm-calls'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(JSON.parse(await readFile(join(tools, 'package.json'), 'utf8'))).toMatchObject({
      dependencies: { node: nodeVersion },
    });
  });
});
