import { formStatsRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { ZTimeRangeSchema, type TFormAnalytics } from './analytics-types.js';
import { buildTimeSeries } from './build-time-series.js';
import { sumHours } from './hour-buckets.js';
import { peakHour } from './peak-hour.js';
import { round } from './round.js';
import { statRows } from './stat-rows.js';
import { isValidTimeZone } from './zoned.js';

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

const DAY_MS = 86_400_000;

/**
 * GET /api/v1/forms/{formId}/analytics, from the per-form counters (decisions §9). Check order of
 * decisions §3: 400 parameters → 404 form (also another user's) → 403 plan gate.
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
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_TIME_RANGE });
  }
  const timeZone = tz ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: 'Invalid tz parameter' });
  }
  const form = await loadOwnedForm({ userId: user.id, formId, foreign: 'not-found' });
  const level = config.plans[user.plan].analytics;
  if (level === 'none' || user.plan === 'FREE') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ANALYTICS_PLAN });
  }
  const stats = await formStatsRepository.get({ userId: user.id, formId: form.id });
  const hours = stats?.hours ?? {};
  const total = stats?.total ?? 0;
  const days = Math.max(1, (now.getTime() - form.createdAt.getTime()) / DAY_MS);
  const base: TFormAnalytics = {
    totalSubmissions: total,
    dailySubmissionRate: round(total / days, 2),
    last24HoursSubmissions: sumHours(hours, now, 24),
    timeSeriesData: buildTimeSeries({ hours, now, timeRange: range.data, timeZone }),
    timeRange: range.data,
    plan: user.plan,
  };
  if (level !== 'pro') {
    return base;
  }
  const lastWeek = sumHours(hours, now, 168);
  const previousWeek = sumHours(hours, new Date(now.getTime() - 168 * 3_600_000), 168);
  const growth =
    previousWeek === 0 ? (lastWeek > 0 ? 1 : 0) : round((lastWeek - previousWeek) / previousWeek, 2);

  return {
    ...base,
    weekOverWeekGrowth: growth,
    peakSubmissionHour: peakHour({ hourOfDay: stats?.hourOfDay ?? {}, timeZone, now }),
    browserStats: statRows(stats?.browsers ?? {}),
    locationStats: statRows(stats?.countries ?? {}),
  };
}
