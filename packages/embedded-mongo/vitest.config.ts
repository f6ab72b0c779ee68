import { configDefaults, defineConfig } from 'vitest/config';

// The engine has no workspace dependency, so it does not use the shared harness (which depends on it).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.integration.test.ts'],
    passWithNoTests: true,
    // Differential and property tests run thousands of operations: on a loaded 2-core machine they
    // take several times longer than alone. A test's outcome must not depend on machine speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
