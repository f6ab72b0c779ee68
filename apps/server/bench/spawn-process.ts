import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export type Spawned = {
  child: ChildProcess;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
};

/** A child process whose output can be awaited; stopped with SIGTERM (then SIGKILL) by its pid. */
export function spawnProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Spawned {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  return {
    child,
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = output.match(pattern);
        if (match) {
          return match;
        }
        if (child.exitCode !== null) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${String(pattern)} from ${command} ${args.join(' ')}:\n${output}`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
