import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { testRedisUrl } from '@formwell/vitest-config/services';

const run = promisify(execFile);
const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type TRun = { code: number; stdout: string; stderr: string };

export type TRunFormwellOptions = {
  uri: string;
  /** Piped to the CLI's standard input, as in `printf %s "$PASSWORD" | formwell …`. */
  stdin?: string;
  /** Extra environment, overriding the test defaults (MONGODB_URI, REDIS_URL). */
  env?: Record<string, string>;
};

/**
 * Runs `formwell …` as a child process against `uri`: the compiled CLI (built once per run by
 * build-cli.ts) with plain node, as the production artefact runs it. Node's compile cache (the
 * test run's NODE_COMPILE_CACHE, see @formwell/vitest-config) spares each of the many short-lived
 * processes recompiling the same modules. The CLI announces key and plan changes to the servers
 * through the test's Redis.
 */
export async function runFormwellWith(
  { uri, stdin = '', env = {} }: TRunFormwellOptions,
  ...args: string[]
): Promise<TRun> {
  try {
    const running = run(process.execPath, ['dist/main.js', ...args], {
      cwd: CLI_DIR,
      env: {
        ...process.env,
        MONGODB_URI: uri,
        REDIS_URL: testRedisUrl(),
        ...env,
      },
    });
    running.child.stdin?.end(stdin);
    const { stdout, stderr } = await running;

    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };

    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs `formwell …` against `uri` with `stdin` piped to it. */
export function runFormwellWithStdin(uri: string, stdin: string, ...args: string[]): Promise<TRun> {
  return runFormwellWith({ uri, stdin }, ...args);
}

/** Runs `formwell …` against `uri` with nothing on its standard input. */
export function runFormwell(uri: string, ...args: string[]): Promise<TRun> {
  return runFormwellWith({ uri }, ...args);
}

/** The JSON a successful `formwell …` prints, or an error carrying its stderr. */
export async function formwellJson<T = Record<string, unknown>>(uri: string, ...args: string[]): Promise<T> {
  const result = await runFormwell(uri, ...args);
  if (result.code !== 0) {
    throw new Error(`formwell ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  }

  return JSON.parse(result.stdout) as T;
}
