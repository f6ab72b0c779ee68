import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { spawnProcess, type Spawned } from './spawn-process.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_FROM_SOURCES=1 benches the TypeScript sources under tsx (the dev loop) instead of dist/. */
const fromSources = process.env.BENCH_FROM_SOURCES === '1';
let built = false;

/**
 * Compiles the server and the packages it imports, as `npm start` does before it runs dist/ (turbo:
 * a replay of its cache when no source changed). Once per bench process.
 */
function buildServer(): void {
  if (built || fromSources) {
    return;
  }
  const { status, error } = spawnSync(
    'pnpm',
    ['turbo', 'run', 'build', '--filter=@formwell/server', '--output-logs=errors-only'],
    { cwd: appDir, stdio: ['ignore', 2, 2], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  if (status !== 0) {
    throw new Error(`the server build failed (${error ? error.message : `exit ${status}`})`);
  }
  built = true;
}

export type BenchServerOptions = {
  mongoUri: string;
  redisUrl: string;
  port: number;
  /** Node options placed before the entry point (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
};

/**
 * The real server (bench/server-entry.ts; compiled, as production runs it, unless
 * BENCH_FROM_SOURCES=1) in its own process, configured as every bench runs it. Resolves once it
 * listens, with its base URL.
 */
export async function startBenchServer({
  mongoUri,
  redisUrl,
  port,
  nodeArgs = [],
}: BenchServerOptions): Promise<{ server: Spawned; base: string }> {
  buildServer();
  // tsx loads the entry itself; the source condition makes the workspace packages resolve to their
  // sources too, without it to their dist/.
  const sourceArgs = fromSources ? ['--conditions=@formwell/source'] : [];
  const server = spawnProcess(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', ...sourceArgs, 'bench/server-entry.ts'],
    {
      cwd: appDir,
      env: {
        PATH: process.env.PATH ?? '',
        ...(fromSources ? { BENCH_FROM_SOURCES: '1' } : {}),
        MONGODB_URI: mongoUri,
        REDIS_URL: redisUrl,
        // A concrete port: @formwell/core's config refuses PORT=0.
        PORT: String(port),
        // Request logs off: the baseline logs nothing either, and stdout is a pipe here.
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // Production refuses a plain-http public URL; the bench still talks plain http to 127.0.0.1.
        PUBLIC_URL: 'https://bench.formwell.invalid',
      },
    },
  );
  try {
    const [, base = ''] = await server.waitFor(/bench-server listening (http:\/\/\S+)/, 60_000);

    return { server, base };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
