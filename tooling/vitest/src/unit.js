// Plain JavaScript: Node loads vitest config files itself, without the TypeScript resolver.
import { configDefaults, defineConfig } from 'vitest/config';

import { reporters, sourceConditions } from './shared.js';

/** Unit tests: `*.test.ts` next to the code, no external service. */
const unitConfig = defineConfig({
  ...sourceConditions,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.integration.test.ts'],
    passWithNoTests: true,
    // Property tests do seconds of CPU work; on a shared 2-core machine under load vitest's 5 s
    // default failed them for being slow, not wrong. The limit only catches hangs.
    testTimeout: 120_000,
    ...reporters('unit'),
  },
});

export default unitConfig;
