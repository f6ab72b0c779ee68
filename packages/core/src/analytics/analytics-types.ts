import { z } from 'zod';

import type { TPlan } from '../config/plans.js';

export const TIME_RANGES = ['day', 'week', 'month'] as const;

export const ZTimeRangeSchema = z.enum(TIME_RANGES);

export type TTimeRange = z.infer<typeof ZTimeRangeSchema>;

export type TTimeSeriesPoint = { time: string; submissions: number; start: string };

export type TStatRow = { name: string; count: number; percentage: number };

/** Base fields (STANDARD and PRO). */
export type TBaseAnalytics = {
  totalSubmissions: number;
  dailySubmissionRate: number;
  last24HoursSubmissions: number;
  timeSeriesData: TTimeSeriesPoint[];
  timeRange: TTimeRange;
  /** Analytics are a paid feature: never FREE. */
  plan: Exclude<TPlan, 'FREE'>;
};

/** PRO adds these. */
export type TProAnalytics = {
  weekOverWeekGrowth: number;
  peakSubmissionHour: number;
  browserStats: TStatRow[];
  locationStats: TStatRow[];
};

export type TFormAnalytics = TBaseAnalytics & Partial<TProAnalytics>;
