import { spawnEntry, type SpawnedEntry } from '../helpers/spawn-entry.js';

/** Starting a process through tsx on a loaded two-core machine can take a while. */
const START_LIMIT_MS = 180_000;

export type TReplica = { name: string; process: SpawnedEntry };
export type TServerReplica = TReplica & { url: string };

/** A server replica from its real entry point, on a free port; resolves with its base URL. */
export async function startServerReplica(name: string, env: Record<string, string>): Promise<TServerReplica> {
  const process = spawnEntry('apps/server', 'src/main.ts', { ...env, PORT: '0' });
  const [, url] = await process.waitForOutput(
    /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
    START_LIMIT_MS,
  );

  return { name, process, url: String(url) };
}

/** A worker replica from its real entry point; resolves once its queues are consumed. */
export async function startWorkerReplica(name: string, env: Record<string, string>): Promise<TReplica> {
  const process = spawnEntry('apps/worker', 'src/main.ts', env);
  await process.waitForOutput(/"msg":"worker started"/, START_LIMIT_MS);

  return { name, process };
}

/** SIGTERM (each app finishes what it holds, then exits) and wait for the exit. */
export async function stopReplica({ process }: TReplica): Promise<void> {
  if (process.child.exitCode === null && process.child.signalCode === null) {
    process.child.kill('SIGTERM');
    await process.exit();
  }
}

/** What a crash or an OOM kill does: no chance to finish anything. */
export async function killReplica({ process }: TReplica): Promise<NodeJS.Signals | null> {
  process.child.kill('SIGKILL');

  return (await process.exit()).signal;
}
