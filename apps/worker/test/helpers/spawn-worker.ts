import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const workerDir = fileURLToPath(new URL('../../', import.meta.url));

export type SpawnedWorker = { child: ChildProcess; output: () => string; started: Promise<void> };

/** Runs the worker's entry point as its own process, as `npm start` does. */
export function spawnWorker(env: Record<string, string>): SpawnedWorker {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@formwell/source', 'src/main.ts'], {
    cwd: workerDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('"msg":"worker started"')) {
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
  });
  started.catch(() => undefined);

  return { child, output: () => output, started };
}

/** Kills the process without letting it clean up (a crash), and waits for it to be gone. */
export async function crash(worker: SpawnedWorker): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) {
    const exited = once(worker.child, 'exit');
    worker.child.kill('SIGKILL');
    await exited;
  }
}
