import type { TDigestJob } from '@formwell/jobs';

export type TDigestCadence = TDigestJob['cadence'];

const PERIOD_MS: Record<TDigestCadence, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** How many past periods a run catches up at most after an outage (two days of either cadence). */
const CATCH_UP: Record<TDigestCadence, number> = { hourly: 48, daily: 2 };

export function periodLength(cadence: TDigestCadence): number {
  return PERIOD_MS[cadence];
}

/** The start of the UTC hour or day `at` is in. */
function periodStartOf(cadence: TDigestCadence, at: Date): number {
  return Math.floor(at.getTime() / PERIOD_MS[cadence]) * PERIOD_MS[cadence];
}

/**
 * The starts of the periods that have ended since the last run (`doneUntil`, the end of the last
 * period handled), oldest first; on the very first run, only the period that just ended.
 */
export function endedPeriods(cadence: TDigestCadence, doneUntil: Date | null, now: Date): number[] {
  const length = PERIOD_MS[cadence];
  const currentStart = periodStartOf(cadence, now);
  const first = Math.max(
    doneUntil === null ? currentStart - length : periodStartOf(cadence, doneUntil),
    currentStart - CATCH_UP[cadence] * length,
  );
  const starts: number[] = [];
  for (let start = first; start < currentStart; start += length) {
    starts.push(start);
  }

  return starts;
}
