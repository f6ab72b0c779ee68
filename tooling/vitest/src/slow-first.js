// Plain JavaScript: Node loads vitest config files itself, without the TypeScript resolver.
import { resolve } from 'node:path';

import { BaseSequencer } from 'vitest/node';

/**
 * A sequencer that starts the named files first, in the order given, then the rest in vitest's own
 * order. Vitest orders files by the durations of the previous run, but a clean clone has none and it
 * falls back to file size, which starts short files that run long (a test paced at a steady rate, a
 * browser journey) last, so the run ends with one worker busy and the other idle. Starting them first
 * lets the many short files fill the other worker meanwhile. Every file still runs; only the order
 * changes.
 * @param {string[]} paths files relative to the package, the longest first
 */
export function slowFirst(paths) {
  return class SlowFirstSequencer extends BaseSequencer {
    /** @param {import('vitest/node').TestSpecification[]} files */
    async sort(files) {
      const rank = new Map(paths.map((path, index) => [resolve(this.ctx.config.root, path), index]));
      const known = files.filter((file) => rank.has(file.moduleId));
      const rest = files.filter((file) => !rank.has(file.moduleId));
      known.sort((a, b) => (rank.get(a.moduleId) ?? 0) - (rank.get(b.moduleId) ?? 0));

      return [...known, ...(await super.sort(rest))];
    }
  };
}
