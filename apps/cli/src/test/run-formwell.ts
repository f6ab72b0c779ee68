import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { testRedisUrl } from '@formwell/vitest-config/services';

const run = promisify(execFile);
const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

export type TRun = { code: number; stdout: string; stderr: string };

/** Runs `formwell …` as a child process (the real CLI, as an operator starts it) against `uri`. */
export async function runFormwell(uri: string, ...args: string[]): Promise<TRun> {
  try {
    const { stdout, stderr } = await run(TSX, ['--conditions=@formwell/source', 'src/main.ts', ...args], {
      cwd: CLI_DIR,
      env: { ...process.env, MONGODB_URI: uri, REDIS_URL: testRedisUrl() },
    });

    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };

    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The JSON a successful `formwell …` prints, or an error carrying its stderr. */
export async function formwellJson<T = Record<string, unknown>>(uri: string, ...args: string[]): Promise<T> {
  const result = await runFormwell(uri, ...args);
  if (result.code !== 0) {
    throw new Error(`formwell ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  }

  return JSON.parse(result.stdout) as T;
}
