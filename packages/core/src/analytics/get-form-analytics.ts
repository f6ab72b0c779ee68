import { formStatsRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { applyPendingCountersOfForm } from '../submissions/apply-submission-counters.js';
import { ZTimeRangeSchema, type TFormAnalytics } from './analytics-types.js';
import { computeAnalytics, readFrom } from './compute-analytics.js';
import { constantOffset, offsetChangingMonths } from './peak-hour.js';
import { isValidTimeZone } from './time-zone.js';

const MAX_TIME_ZONE_LENGTH = 64;

export type GetFormAnalyticsOptions = {
  config: TCoreConfig;
  user: { id: string; plan: TPlan };
  formId: string;
  /** `day` | `week` | `month`; default `week`. Anything else is a 400. */
  timeRange?: string | null;
  /** IANA zone for buckets and the peak hour; default `UTC`. */
  tz?: string | null;
  now?: Date;
};

/**
 * Analytics of one form from its counters, never from its submissions: one totals document plus
 * the day documents of the UTC months read (the last two; for PRO's lifetime peak hour also those
 * in which the zone changes its offset). Checks, in order: 400 parameters, 404 form (also another
 * user's), 403 plan gate.
 */
export async function getFormAnalytics({
  config,
  user,
  formId,
  timeRange,
  tz,
  now = new Date(),
}: GetFormAnalyticsOptions): Promise<TFormAnalytics> {
  const range = ZTimeRangeSchema.safeParse(timeRange ?? 'week');
  if (!range.success) {
    throw invalidParameter('timeRange', ErrorMessages.INVALID_TIME_RANGE, ErrorMessages.TIME_RANGE_VALUES);
  }
  const timeZone = tz ?? 'UTC';
  // IANA names are short; a long text is refused before the zone database is asked.
  if (timeZone.length > MAX_TIME_ZONE_LENGTH || !isValidTimeZone(timeZone)) {
    throw invalidParameter('tz', ErrorMessages.INVALID_TIME_ZONE, ErrorMessages.TIME_ZONE_VALUES);
  }
  const form = await loadOwnedForm({ userId: user.id, formId, foreign: 'not-found' });
  const level = config.plans[user.plan].analytics;
  if (level === 'none' || user.plan === 'FREE') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ANALYTICS_PLAN });
  }
  const at = now.getTime();
  const quartersFrom = monthOf(readFrom(at));
  // A submission counted after its answer (a release, an insert on an older server) still carries
  // its mark: count those first, so everything answered already shows here.
  await applyPendingCountersOfForm({ userId: user.id, formId: form.id });
  const stats = await readCounters({
    userId: user.id,
    formId: form.id,
    pro: level === 'pro',
    quartersFrom,
    timeZone,
    createdAt: form.createdAt,
    now: at,
  });

  return computeAnalytics({
    stats,
    formCreatedAt: form.createdAt,
    plan: user.plan,
    level,
    timeRange: range.data,
    timeZone,
    now: at,
  });
}

function monthOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 7);
}

/**
 * The counters one call needs: the totals, the quarter hours of the recent months (series, last
 * 24 hours, week-over-week), and for PRO's lifetime peak hour the quarter-of-day totals of every
 * month plus the quarter hours of the months in which the zone changed its offset. Those months are
 * known from the form's age up front; a month older than the form (imported submissions) that needs
 * its quarter hours costs one more read.
 */
async function readCounters({
  userId,
  formId,
  pro,
  quartersFrom,
  timeZone,
  createdAt,
  now,
}: {
  userId: string;
  formId: string;
  pro: boolean;
  quartersFrom: string;
  timeZone: string;
  createdAt: Date;
  now: number;
}) {
  const quartersOf = pro ? offsetChangingMonths(monthOf(createdAt.getTime()), monthOf(now), timeZone) : [];
  const stats = await formStatsRepository.get({
    userId,
    formId,
    quartersFrom,
    quartersOf,
    quarterOfDay: pro,
  });
  const missing = (stats?.months ?? []).filter(
    (m) =>
      m.month < quartersFrom && !quartersOf.includes(m.month) && constantOffset(m.month, timeZone) === null,
  );
  if (!stats || missing.length === 0) {
    return stats;
  }
  const extra = await formStatsRepository.get({
    userId,
    formId,
    quartersFrom: '9999',
    quartersOf: missing.map((m) => m.month),
    quarterOfDay: false,
  });
  const days = new Map((extra?.months ?? []).map((m) => [m.month, m.days]));

  return {
    ...stats,
    months: stats.months.map((m) => ({ ...m, days: days.get(m.month) ?? m.days })),
  };
}
