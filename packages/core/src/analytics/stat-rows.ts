import type { TStatRow } from './analytics-types.js';
import { round } from './round.js';

/**
 * `browserStats` / `locationStats`: count desc (then name), `percentage` a fraction of the total to
 * 4 dp; `Unknown` is a row like any other, so the fractions add up to 1.
 */
export function statRows(counts: Record<string, number>): TStatRow[] {
  const entries = Object.entries(counts).filter(([, count]) => count > 0);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);

  return entries
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, count]) => ({ name, count, percentage: total === 0 ? 0 : round(count / total, 4) }));
}
