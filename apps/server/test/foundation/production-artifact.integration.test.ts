import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { MIGRATIONS } from '@formwell/core';
import { connectDatabase, disconnectDatabase, SubmissionModel } from '@formwell/db';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { spawnNode, type SpawnedEntry } from '../helpers/spawn-entry.js';
import { withTestLock } from '@formwell/vitest-config/test-locks';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Compiling every package and deploying three apps takes minutes on a busy machine.
const BUILD_TIMEOUT_MS = 15 * 60_000;
const START_TIMEOUT_MS = 120_000;

// Outside the repository: nothing the artefact needs may come from the workspace.
const outDir = mkdtempSync(join(tmpdir(), 'formwell-artifact-'));
const artifact = (app: string) => join(outDir, app);
const env = {
  NODE_ENV: 'production',
  MONGODB_URI: testMongoUri('production_artifact'),
  REDIS_URL: testRedisUrl(),
  PUBLIC_URL: 'https://forms.example.test',
  LOG_LEVEL: 'info',
};
const running: SpawnedEntry[] = [];

/** `formwell …` from the CLI artefact, with plain node and only the production environment. */
async function formwell(...args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['dist/main.js', ...args], {
    cwd: artifact('cli'),
    env: { PATH: process.env.PATH ?? '', ...env },
  });

  return JSON.parse(stdout) as unknown;
}

/** Every file name under `dir`, recursively (symbolic links followed once, as node resolves them). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

beforeAll(async () => {
  // The build rewrites every package's dist/, apps/admin/dist among them, which `npm start` in
  // another test file may be building or reading at the same time.
  await withTestLock('repository-build', () =>
    run(process.execPath, ['scripts/build-artifact.mjs', '--out', outDir, 'server', 'worker', 'cli'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '' },
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  for (const entry of running) {
    entry.child.kill('SIGTERM');
    await entry.exit();
  }
  rmSync(outDir, { recursive: true, force: true });
}, 60_000);

describe('the production artefact', () => {
  test.each(['server', 'worker', 'cli'])(
    '%s: compiled JavaScript and production dependencies only, self-contained',
    (app) => {
      const dir = artifact(app);
      expect(readdirSync(dir).sort()).toEqual([
        'dist',
        'node_modules',
        'package.json',
        'pnpm-lock.yaml',
        'pnpm-workspace.yaml',
      ]);
      expect(existsSync(join(dir, 'dist', 'main.js'))).toBe(true);
      // No TypeScript runner, test runner or compiler-in-a-bundler among the dependencies.
      const installed = readdirSync(join(dir, 'node_modules', '.pnpm'));
      for (const devOnly of [
        'tsx@',
        'vitest@',
        'esbuild@',
        '@formwell+embedded-mongo',
        '@formwell+vitest-config',
      ]) {
        expect(installed.filter((name) => name.startsWith(devOnly))).toEqual([]);
      }
      // Workspace packages are copied in (not linked back to the repository) with their dist only.
      const core = realpathSync(join(dir, 'node_modules', '@formwell', 'core'));
      expect(core.startsWith(realpathSync(dir))).toBe(true);
      expect(
        filesUnder(join(core, 'dist')).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
      ).toEqual([]);
      expect(existsSync(join(core, 'src'))).toBe(false);
    },
  );

  test(
    'server, worker and CLI run with plain node: migrate, then /readyz is 200 and a submission is 201',
    async () => {
      // The release's newest migration, whatever its number: the artefact runs them all.
      const schemaVersion = Math.max(...MIGRATIONS.map((migration) => migration.version));
      expect(await formwell('db', 'migrate')).toMatchObject({ schemaVersion });
      expect(await formwell('db', 'migrate')).toEqual({ schemaVersion, applied: [] });
      const user = (await formwell(
        'user',
        'create',
        '--email',
        'artifact@example.test',
        '--plan',
        'PRO',
      )) as {
        id: string;
      };
      const key = (await formwell('key', 'create', '--user', user.id, '--name', 'artifact')) as {
        key: string;
      };
      const fields = JSON.stringify([{ name: 'message', type: 'text', required: true }]);
      const form = (await formwell(
        'form',
        'create',
        '--user',
        user.id,
        '--name',
        'Artifact',
        '--type',
        'contact',
        '--fields',
        fields,
      )) as { id: string };

      const worker = spawnNode(['dist/main.js'], { cwd: artifact('worker'), env });
      // The proxy in front is on loopback here: its X-Forwarded-For gives the client address.
      const server = spawnNode(['dist/main.js'], {
        cwd: artifact('server'),
        env: { ...env, PORT: '0', TRUST_PROXY: 'loopback' },
      });
      running.push(worker, server);
      const [, base] = await server.waitForOutput(
        /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
        START_TIMEOUT_MS,
      );

      // Ready once the worker's first heartbeat is in Redis.
      const deadline = Date.now() + START_TIMEOUT_MS;
      let ready = await fetch(`${String(base)}/readyz`);
      while (ready.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        ready = await fetch(`${String(base)}/readyz`);
      }
      expect(ready.status, `${await ready.clone().text()}\n${worker.output()}`).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', failing: [] });
      // No repository root here: the version stamped into the artefact is the product's.
      const status = (await (await fetch(`${String(base)}/api/v1/status`)).json()) as { version: string };
      const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(status.version).toBe(version);

      const submitted = await fetch(`${String(base)}/api/v1/forms/submit`, {
        method: 'POST',
        // A British address: its country comes from the GeoIP database bundled in the artefact.
        headers: {
          'content-type': 'application/json',
          'x-api-key': key.key,
          'x-forwarded-for': '81.2.69.142',
        },
        body: JSON.stringify({ formId: form.id, data: { message: 'from the artefact' } }),
      });
      expect(submitted.status, await submitted.clone().text()).toBe(201);
      const { submissionId } = (await submitted.json()) as { submissionId: string };
      await connectDatabase({ uri: env.MONGODB_URI });
      try {
        const stored = await SubmissionModel.findById(submissionId).lean();
        expect(stored?.data).toEqual({ message: 'from the artefact' });
        expect(stored?.meta?.country).toBe('United Kingdom');
      } finally {
        await disconnectDatabase();
      }
      expect(server.output()).not.toMatch(/tsx/);
    },
    5 * 60_000,
  );
});
