import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

export type KillWriterOptions = {
  /** The writer script and its arguments. */
  script: string;
  args: string[];
  /** Each complete stdout line, split on spaces (`ack …` lines count as acknowledgements). */
  onLine: (fields: string[]) => void;
  /** Runs once the writer has acknowledged something (or exited), while it goes on writing. */
  afterFirstAck?: () => Promise<void>;
  /** How long the writer goes on after that: `minMs` plus up to `spreadMs` at random. */
  minMs: number;
  spreadMs: number;
};

/**
 * Runs a writer script in a child until it has acknowledged something, lets it go on for a random
 * while, then SIGKILLs it and waits until it is reaped (its pid is dead, so its lock file is now
 * stale). `node --import tsx` rather than the tsx CLI: the CLI runs the script in a grandchild
 * process that a SIGKILL of the CLI would not reach.
 */
export async function runAndKillWriter(options: KillWriterOptions): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.script, ...options.args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let onFirstAck: () => void = () => undefined;
  const firstAck = new Promise<void>((resolve) => (onFirstAck = resolve));
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? ''; // an unfinished line is not counted
    for (const line of lines) {
      const fields = line.split(' ');
      options.onLine(fields);
      if (fields[0] === 'ack') onFirstAck();
    }
  });
  await Promise.race([firstAck, exited]);
  await Promise.race([options.afterFirstAck?.(), exited]);
  await new Promise((resolve) => setTimeout(resolve, options.minMs + Math.random() * options.spreadMs));
  child.kill('SIGKILL');
  await exited;
}
