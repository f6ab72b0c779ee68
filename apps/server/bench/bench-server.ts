import { fileURLToPath } from 'node:url';

import { spawnProcess, type Spawned } from './spawn-process.js';

const appDir = fileURLToPath(new URL('..', import.meta.url));

export type BenchServerOptions = {
  mongoUri: string;
  redisUrl: string;
  port: number;
  /** Node options placed before the entry point (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
};

/**
 * The real server (bench/server-entry.ts, from sources) in its own process, configured as every
 * bench runs it. Resolves once it listens, with its base URL.
 */
export async function startBenchServer({
  mongoUri,
  redisUrl,
  port,
  nodeArgs = [],
}: BenchServerOptions): Promise<{ server: Spawned; base: string }> {
  const server = spawnProcess(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--conditions=@formwell/source', 'bench/server-entry.ts'],
    {
      cwd: appDir,
      env: {
        PATH: process.env.PATH ?? '',
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
