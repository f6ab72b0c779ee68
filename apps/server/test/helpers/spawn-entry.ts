import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type SpawnedEntry = {
  child: ChildProcess;
  output: () => string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Runs a TypeScript entry point (e.g. apps/worker/src/main.ts) as its own process, the way
 * `npm start` does, collecting stdout and stderr.
 */
export function spawnEntry(packageDir: string, entry: string, env: Record<string, string>): SpawnedEntry {
  return spawnNode(['--import', 'tsx', '--conditions=@formwell/source', entry], {
    cwd: `${repoRoot}${packageDir}`,
    env,
  });
}

/**
 * Runs `node ARGS` in `cwd` with only PATH and `env` set (nothing of the test process's own
 * environment, such as NODE_OPTIONS), collecting stdout and stderr. The run's compile cache
 * (NODE_COMPILE_CACHE, see @formwell/vitest-config) is kept: it only spares recompiling modules.
 */
export function spawnNode(
  args: string[],
  { cwd, env }: { cwd: string; env: Record<string, string> },
): SpawnedEntry {
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  return {
    child,
    output: () => output,
    // A TypeScript entry point compiles at start: on a loaded machine that alone can take a minute.
    waitForOutput(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          } else if (child.exitCode !== null) {
            cleanup();
            reject(new Error(`process exited (${child.exitCode}) before printing ${pattern}:\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async exit() {
      const [code, signal] = await exited;

      return { code, signal };
    },
  };
}

/** The worker in its own process, once it has logged that it started; `stop` ends it. */
export async function startWorkerProcess(
  env: Record<string, string>,
): Promise<SpawnedEntry & { stop: () => Promise<void> }> {
  const worker = spawnEntry('apps/worker', 'src/main.ts', env);
  const stop = async () => {
    if (worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exit();
    }
  };
  try {
    await worker.waitForOutput(/"msg":"worker started"/, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return { ...worker, stop };
}
