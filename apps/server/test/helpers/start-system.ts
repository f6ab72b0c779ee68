import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);

    return true;
  } catch {
    return false;
  }
}

/** Polls `probe` until it returns a value; the error shows `context()` (the processes' output). */
export async function waitFor<T>(
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

export type StartedSystem = {
  /** The spawned process: `scripts/start.mjs` itself, or npm when started the way users start it. */
  pid: number;
  output: () => string;
  /** Pids the script reported, by child name (`embedded-mongo`, `redis-server`, `worker`, `server`). */
  pids(): Map<string, number>;
  /** Ctrl-C (or `signal`) to the foreground process group; resolves with the script's exit code. */
  interrupt(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the script's exit code once it ends by itself. */
  exited(): Promise<number | null>;
  /** After a failure: stop the script, then make sure no child is left. */
  cleanUp(): Promise<void>;
};

/**
 * Runs `scripts/start.mjs` (what `npm start` runs after its bootstrap) with this environment, or,
 * with `viaNpm`, `npm start` itself (its bootstrap finds everything installed when tests run).
 */
export function startSystem(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  { viaNpm = false }: { viaNpm?: boolean } = {},
): StartedSystem {
  const [command, commandArgs] = viaNpm
    ? ['npm', ['start', '--silent', '--', ...args]]
    : [process.execPath, ['scripts/start.mjs', ...args]];
  const start = spawn(command, commandArgs, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(start, 'exit') as Promise<[number | null]>;
  const pids = () =>
    new Map(
      [...output.matchAll(/formwell: (\S+) started \(pid (\d+)\)/g)].map((m) => [m[1] ?? '', Number(m[2])]),
    );

  return {
    pid: Number(start.pid),
    output: () => output,
    pids,
    async exited() {
      const [code] = await exited;

      return code;
    },
    async interrupt(signal = 'SIGINT') {
      process.kill(-Number(start.pid), signal);
      const [code] = await exited;

      return code;
    },
    async cleanUp() {
      // Each child runs in its own process group, so killing the script alone would orphan them.
      if (start.exitCode === null && start.signalCode === null) {
        process.kill(-Number(start.pid), 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      }
      for (const pid of pids().values()) {
        if (isAlive(pid)) {
          process.kill(pid, 'SIGKILL');
        }
      }
    },
  };
}

/**
 * The TCP ports a process listens on (IPv4 and IPv6, any address), read from /proc: the process's
 * socket inodes matched against the kernel's table of listening TCP sockets.
 */
export function tcpListenPorts(pid: number): number[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined; // closed meanwhile
        }
      })
      .filter((inode): inode is string => inode !== undefined),
  );
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [localAddress, state, inode] = [columns[1], columns[3], columns[9]];
      if (state === '0A' && inode !== undefined && inodes.has(inode) && localAddress) {
        ports.push(Number.parseInt(localAddress.split(':')[1] ?? '', 16));
      }
    }
  }

  return ports;
}

/** The pids of a process's children, from /proc. */
export function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** A process's command line, its arguments joined by spaces. */
export function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
}
