// Plain JavaScript: Node loads vitest config files itself, without the TypeScript resolver.
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { reporters, sourceConditions } from './shared.js';

/**
 * Integration tests (`*.integration.test.ts`) talk to a real redis-server and the embedded engine,
 * both started once per run by the global setup; nothing skips when a service is missing.
 */
const integrationConfig = defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.integration.test.ts', 'test/**/*.integration.test.ts'],
    globalSetup: [fileURLToPath(new URL('./global-setup.ts', import.meta.url))],
    passWithNoTests: true,
    // Most of an integration file's time is spent waiting on child processes, Redis and the engine,
    // so two files at a time finish far sooner even on 2 cores. Each worker gets a Redis database of
    // its own (services.ts) and each file its own MongoDB databases.
    maxWorkers: 2,
    // Generous: a test that spawns several processes (the CLI, a server) takes many times longer on
    // a loaded 2-core machine than alone, and its outcome must not depend on machine speed. `npm test`
    // runs several packages' tests and the checks side by side, and a shared machine may be loaded
    // ten times over: a CLI test of a dozen commands took over 2 minutes so. The limits only catch
    // hangs, and cost nothing while tests pass.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    // expect.poll gives up after 1 s by default, and a browser page's first load or a worker's next
    // job can take far longer on a loaded machine; like the limits above, this only catches hangs.
    expect: { poll: { timeout: 300_000 } },
    ...reporters('integration'),
  },
});

export default integrationConfig;
