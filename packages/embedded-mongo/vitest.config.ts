import { configDefaults, defineConfig } from 'vitest/config';

// The engine has no workspace dependency, so it does not use the shared harness (which depends on it).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.integration.test.ts'],
    passWithNoTests: true,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
