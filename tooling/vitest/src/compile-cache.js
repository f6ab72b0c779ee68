// Plain JavaScript: Node loads vitest config files and scripts/run-tests.mjs itself.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Node's on-disk cache of compiled JavaScript (V8 code cache), shared by every Node process of a
 * test run and kept between runs (under node_modules/.cache, removed by `pnpm clean`). A test run
 * starts hundreds of short-lived Node processes (a vitest worker per test file, the CLI, servers,
 * workers, tsc and ESLint) that load the same dependencies: with the cache, only the first one
 * compiles them. It changes how fast modules load, never what they do, and Node keys each entry by
 * the file's content, so an edited file is compiled again.
 */
const COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/node-compile-cache', import.meta.url),
);

/**
 * Turns the cache on for this process and, through NODE_COMPILE_CACHE, for every process it starts
 * from now on. A cache directory the caller set already is kept.
 */
export function shareCompileCache() {
  // Not configuration: the variable only hands the cache folder down to the processes started later.
  // eslint-disable-next-line no-restricted-properties
  const env = process.env;
  env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;
  enableCompileCache(env.NODE_COMPILE_CACHE);
}
