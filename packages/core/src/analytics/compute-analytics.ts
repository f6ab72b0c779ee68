import type { TFormStatsRecord } from '@formwell/db';

import type { TFormAnalytics, TTimeRange } from './analytics-types.js';
import { buildTimeSeries } from './build-time-series.js';
import { peakHour } from './peak-hour.js';
import { floorQuarter, QUARTER_MS, QuarterCounts } from './quarter-counts.js';
import { round } from './round.js';
import { statRows } from './stat-rows.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export type ComputeAnalyticsOptions = {
  /** The form's counters; for PRO they must hold every month, for STANDARD those from readFrom. */
  stats: Pick<TFormStatsRecord, 'total' | 'browsers' | 'countries' | 'months'> | null;
  formCreatedAt: Date;
  plan: 'STANDARD' | 'PRO';
  /** What the plan unlocks: base fields, or base and PRO fields. */
  level: 'base' | 'pro';
  timeRange: TTimeRange;
  timeZone: string;
  now: number;
};

/** The end of the rolling windows: the end of the quarter hour in progress. */
function windowEnd(now: number): number {
  return floorQuarter(now) + QUARTER_MS;
}

/** The oldest instant any field reads (the series or the previous week), for choosing months. */
export function readFrom(now: number): number {
  // The month series reaches back 31 days at most, week-over-week 14 days.
  return windowEnd(now) - 32 * DAY_MS;
}

/**
 * Every analytics field from the counters. The rolling windows (`last24HoursSubmissions`, the two
 * weeks of `weekOverWeekGrowth`) end with the quarter hour in progress and count whole quarter-hour
 * buckets; calendar buckets (the series) are local days and hours of `timeZone`.
 */
export function computeAnalytics({
  stats,
  formCreatedAt,
  plan,
  level,
  timeRange,
  timeZone,
  now,
}: ComputeAnalyticsOptions): TFormAnalytics {
  const months = stats?.months ?? [];
  // Only the recent months feed the series and the rolling windows.
  const recent = new Date(readFrom(now)).toISOString().slice(0, 7);
  const counts = new QuarterCounts(months.filter((m) => m.month >= recent));
  const total = stats?.total ?? 0;
  const end = windowEnd(now);
  const days = Math.max(1, (now - formCreatedAt.getTime()) / DAY_MS);
  const base: TFormAnalytics = {
    totalSubmissions: total,
    dailySubmissionRate: round(total / days, 2),
    last24HoursSubmissions: counts.sum(end - DAY_MS, end),
    timeSeriesData: buildTimeSeries({ counts, now, timeRange, timeZone }),
    timeRange,
    plan,
  };
  if (level !== 'pro') {
    return base;
  }
  const lastWeek = counts.sum(end - WEEK_MS, end);
  const previousWeek = counts.sum(end - 2 * WEEK_MS, end - WEEK_MS);
  // With nothing the week before, any submission is growth 1 (100 %), none is 0.
  const growth =
    previousWeek === 0 ? (lastWeek > 0 ? 1 : 0) : round((lastWeek - previousWeek) / previousWeek, 2);

  return {
    ...base,
    weekOverWeekGrowth: growth,
    peakSubmissionHour: peakHour({ months, timeZone }),
    browserStats: statRows(stats?.browsers ?? {}),
    locationStats: statRows(stats?.countries ?? {}),
  };
}
