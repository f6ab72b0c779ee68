// Plain JavaScript: Node loads vitest config files itself, without the TypeScript resolver.
import { shareCompileCache } from './compile-cache.js';

// Every test run, and each worker and child process it starts, loads modules from one compile cache.
shareCompileCache();

/** Settings both test kinds share: workspace packages resolve to their TypeScript source. */
const conditions = ['@formwell/source'];
export const sourceConditions = {
  // `resolve.conditions` alone is not honoured by vitest 5 + vite 8 (shared/design/toolchain.md);
  // the global setup runs in vitest's own `__vitest__` environment, which needs them too.
  ssr: { resolve: { conditions } },
  resolve: { conditions },
  environments: { __vitest__: { resolve: { conditions } } },
};

/** Each run also writes a JSON report; scripts/test-summary.mjs adds them up for `.ci/run`. */
/** @param {'unit' | 'integration'} kind */
export function reporters(kind) {
  return {
    reporters: ['default', 'json'],
    outputFile: { json: `test-results/${kind}.json` },
  };
}
