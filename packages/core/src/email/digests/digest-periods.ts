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

/** The other digest cadence: a member's move between the two hands a period over. */
const OTHER: Record<TDigestCadence, TDigestCadence> = { hourly: 'daily', daily: 'hourly' };

/** When the member last left `cadence` (ms), if that was inside the period starting at `periodStart`. */
function leftDuring(
  member: Pick<TNotificationPreferenceRecord, 'leftDigestAt'>,
  cadence: TDigestCadence,
  periodStart: number,
  periodEnd: number,
): number | null {
  const leftAt = member.leftDigestAt[cadence]?.getTime();

  return leftAt !== undefined && leftAt > periodStart && leftAt < periodEnd ? leftAt : null;
}

/**
 * What one member's digest of one period covers (ms, `from` inclusive, `until` exclusive), or null
 * when the period is not theirs. While they are on the cadence, up to the period's end; when they
 * left it for instant or the other digest after the period began, up to that move (what came before
 * was promised to this digest; what comes after is the new mode's). And when they came here from
 * the other digest during the period (and did not leave this one before that), from that move on:
 * that digest carries what came before. (A member who left this digest and came back within the
 * period gets the whole period: a submission shown twice rather than one never shown.)
 */
export function digestSpan(
  member: Pick<TNotificationPreferenceRecord, 'mode' | 'leftDigestAt'>,
  cadence: TDigestCadence,
  periodStart: number,
): { from: number; until: number } | null {
  const end = periodStart + PERIOD_MS[cadence];
  const leftThis = member.leftDigestAt[cadence]?.getTime();
  const until =
    member.mode === cadence
      ? end
      : leftThis !== undefined && leftThis > periodStart
        ? Math.min(end, leftThis)
        : null;
  if (until === null) {
    return null;
  }
  const cameFromOther = leftDuring(member, OTHER[cadence], periodStart, end);
  const leftThisDuring = leftDuring(member, cadence, periodStart, end);
  const from =
    cameFromOther !== null && (leftThisDuring === null || leftThisDuring > cameFromOther)
      ? cameFromOther
      : periodStart;

  return from < until ? { from, until } : null;
}
