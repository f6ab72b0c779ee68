import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import getPort from 'get-port';
import { expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);

    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  context: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready within ${timeoutMs} ms:\n${context()}`);
}

// What `npm start` runs after its bootstrap: engine + redis + server + worker, stopped by Ctrl-C.
test('the start script runs the whole system and Ctrl-C leaves no process behind', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-start-'));
  const [port, mongoPort, redisPort] = await Promise.all([getPort(), getPort(), getPort()]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_MONGO_PORT: String(mongoPort),
    EMBEDDED_REDIS_PORT: String(redisPort),
    FORMWELL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const start = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(start, 'exit') as Promise<[number | null]>;

  try {
    const base = `http://127.0.0.1:${port}`;
    const ready = await waitFor(
      async () => {
        const response = await fetch(`${base}/readyz`);

        return response.status === 200 ? response : undefined;
      },
      60_000,
      () => output,
    );
    expect(await ready.json()).toEqual({ status: 'ready', failing: [] });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    // The script prints the URLs once it sees the port open, which may trail /readyz by a poll.
    await waitFor(
      () => Promise.resolve(output.includes(`${base}/api/v1`) ? true : undefined),
      5_000,
      () => output,
    );

    const pids = [...output.matchAll(/started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(4);

    process.kill(-Number(start.pid), 'SIGINT'); // what Ctrl-C does: the foreground process group
    const [code] = await exited;
    expect(code).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
  } finally {
    // On a failure above, stop the system the way a user would, then make sure of it: each child
    // runs in its own process group, so killing the script alone would orphan them.
    if (start.exitCode === null) {
      process.kill(-Number(start.pid), 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    for (const match of output.matchAll(/started \(pid (\d+)\)/g)) {
      const pid = Number(match[1]);
      if (isAlive(pid)) {
        process.kill(pid, 'SIGKILL');
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
