import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { spawnProcess, type Spawned } from './spawn-process.js';

export type TEngineMode = 'durable' | 'memory';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The embedded engine in its own process (so its CPU can be read apart from the server's):
 * durable (`--dbpath` in a temporary folder: journal and fsync, as `npm start` runs it) or in
 * memory. Its stop and the folder's removal join `cleanUp`, which the caller runs in reverse.
 * BENCH_ENGINE_NODE_ARGS adds Node options to it (`--cpu-prof --cpu-prof-dir=/tmp/engine-prof`
 * profiles the engine; the profile is written when it stops). BENCH_ENGINE_DIR runs the engine of
 * another checkout (its `packages/embedded-mongo` folder, with dependencies), to compare two
 * versions of the engine under the same product.
 */
export async function startEngineProcess(
  mode: TEngineMode,
  cleanUp: (() => Promise<void>)[],
): Promise<{ engine: Spawned; engineUri: string }> {
  const dataDir = mode === 'durable' ? mkdtempSync(join(tmpdir(), 'formwell-bench-')) : undefined;
  if (dataDir) {
    cleanUp.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  }
  const engine = track(
    cleanUp,
    spawnProcess(
      process.execPath,
      [
        ...(process.env.BENCH_ENGINE_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        '--conditions=@formwell/source',
        'src/cli.ts',
        '--port',
        String(await freePort()),
        ...(dataDir ? ['--dbpath', dataDir] : []),
      ],
      { cwd: process.env.BENCH_ENGINE_DIR ?? join(repoRoot, 'packages/embedded-mongo'), env: process.env },
    ),
  );
  const [engineUri = ''] = await engine.waitFor(/mongodb:\/\/\S+/, 60_000);

  return { engine, engineUri };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));

  return port;
}

/** Stops `spawned` with the rest of `cleanUp`. */
export function track(cleanUp: (() => Promise<void>)[], spawned: Spawned): Spawned {
  cleanUp.push(() => spawned.stop());

  return spawned;
}
