import { monthStart, QUARTERS_PER_DAY, type TFormStatsMonthRecord } from '@formwell/db';

export const QUARTER_MS = 900_000;

/**
 * The stored quarter-hour buckets, summed over any half-open range in constant time: per month a
 * running total over its buckets in time order, so a sum is two look-ups per month.
 */
export class QuarterCounts {
  private readonly months: { start: number; running: Float64Array }[] = [];

  constructor(months: readonly TFormStatsMonthRecord[]) {
    for (const { month, days } of months) {
      if (days.length === 0) {
        continue;
      }
      const running = new Float64Array(days.length * QUARTERS_PER_DAY + 1);
      let i = 0;
      for (const day of days) {
        for (let slot = 0; slot < QUARTERS_PER_DAY; slot++, i++) {
          running[i + 1] = (running[i] ?? 0) + (day[slot] ?? 0);
        }
      }
      this.months.push({ start: monthStart(month), running });
    }
  }

  /** Submissions in the buckets starting in [from, to). */
  sum(from: number, to: number): number {
    let total = 0;
    for (const { start, running } of this.months) {
      const last = running.length - 1;
      // Bucket i starts at start + i quarters: the first at or after an instant is the ceiling.
      const index = (instant: number) =>
        Math.min(last, Math.max(0, Math.ceil((instant - start) / QUARTER_MS)));
      const [low, high] = [index(from), index(to)];
      if (high > low) {
        total += (running[high] ?? 0) - (running[low] ?? 0);
      }
    }

    return total;
  }
}

/** The start of the quarter hour holding `instant`. */
export function floorQuarter(instant: number): number {
  return Math.floor(instant / QUARTER_MS) * QUARTER_MS;
}
