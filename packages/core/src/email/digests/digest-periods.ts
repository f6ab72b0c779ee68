import type { TNotificationPreferenceRecord } from '@formwell/db';
import type { TDigestJob } from '@formwell/jobs';

export type TDigestCadence = TDigestJob['cadence'];

const PERIOD_MS: Record<TDigestCadence, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** How many past periods a run catches up at most after an outage (two days of either cadence). */
const CATCH_UP: Record<TDigestCadence, number> = { hourly: 48, daily: 2 };

export function periodLength(cadence: TDigestCadence): number {
  return PERIOD_MS[cadence];
}

/** The start of the UTC hour or day `at` is in. */
export function periodStartOf(cadence: TDigestCadence, at: Date): number {
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

/**
 * Up to when one member's digest of one period reaches (ms): the period's end while they are on
 * that cadence; the moment they moved to instant when they left it after the period began (the
 * period's submissions up to then were promised to this digest, the instant notifications take
 * what came after); null when the period is not theirs.
 */
export function digestUntil(
  member: Pick<TNotificationPreferenceRecord, 'mode' | 'leftDigestAt'>,
  cadence: TDigestCadence,
  periodStart: number,
): number | null {
  const end = periodStart + PERIOD_MS[cadence];
  if (member.mode === cadence) {
    return end;
  }
  const leftAt = member.leftDigestAt[cadence]?.getTime();

  return leftAt !== undefined && leftAt > periodStart ? Math.min(end, leftAt) : null;
}
