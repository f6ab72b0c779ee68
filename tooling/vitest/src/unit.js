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
    ...reporters('unit'),
  },
});

export default unitConfig;
