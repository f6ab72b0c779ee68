import { monthStart, quarterStart, type TFormStatsMonthRecord } from '@formwell/db';

export const QUARTER_MS = 900_000;

/** The stored quarter-hour buckets as a time-ordered list, summed over any half-open range. */
export class QuarterCounts {
  private readonly starts: number[] = [];
  private readonly counts: number[] = [];

  constructor(months: readonly TFormStatsMonthRecord[]) {
    const entries = months.flatMap(({ month, quarters }) => {
      const start = monthStart(month);

      return Object.entries(quarters).map(
        ([key, count]) => [quarterStart(month, key, start), count] as const,
      );
    });
    entries.sort((a, b) => a[0] - b[0]);
    for (const [start, count] of entries) {
      this.starts.push(start);
      this.counts.push(count);
    }
  }

  /** Submissions in the buckets starting in [from, to). */
  sum(from: number, to: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.starts[mid] ?? 0) < from) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    let total = 0;
    for (let i = low; i < this.starts.length && (this.starts[i] ?? to) < to; i++) {
      total += this.counts[i] ?? 0;
    }

    return total;
  }
}

/** The start of the quarter hour holding `instant`. */
export function floorQuarter(instant: number): number {
  return Math.floor(instant / QUARTER_MS) * QUARTER_MS;
}
