import { z } from 'zod';

import { PLANS } from '../config/plans.js';

export const TIME_RANGES = ['day', 'week', 'month'] as const;

export const ZTimeRangeSchema = z.enum(TIME_RANGES);

export type TTimeRange = z.infer<typeof ZTimeRangeSchema>;

export const ZTimeSeriesPointSchema = z.object({
  /** `HH:00` (day) or `YYYY-MM-DD` (week, month), in the asked zone. */
  time: z.string(),
  submissions: z.number().int(),
  /** ISO instant the bucket starts. */
  start: z.string(),
});

export type TTimeSeriesPoint = z.infer<typeof ZTimeSeriesPointSchema>;

export const ZStatRowSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  /** Fraction of the total, 4 decimals. */
  percentage: z.number(),
});

export type TStatRow = z.infer<typeof ZStatRowSchema>;

/** Base fields (STANDARD and PRO); `plan` is never FREE, analytics being a paid feature. */
const ZBaseAnalyticsSchema = z.object({
  totalSubmissions: z.number().int(),
  dailySubmissionRate: z.number(),
  last24HoursSubmissions: z.number().int(),
  timeSeriesData: z.array(ZTimeSeriesPointSchema),
  timeRange: ZTimeRangeSchema,
  plan: z.enum(PLANS).exclude(['FREE']),
});

/** Fields only PRO users get. */
const ZProAnalyticsSchema = z.object({
  weekOverWeekGrowth: z.number(),
  peakSubmissionHour: z.number().int().min(0).max(23),
  browserStats: z.array(ZStatRowSchema),
  locationStats: z.array(ZStatRowSchema),
});

export const ZFormAnalyticsSchema = ZBaseAnalyticsSchema.extend(ZProAnalyticsSchema.partial().shape);

export type TBaseAnalytics = z.infer<typeof ZBaseAnalyticsSchema>;
export type TProAnalytics = z.infer<typeof ZProAnalyticsSchema>;
export type TFormAnalytics = z.infer<typeof ZFormAnalyticsSchema>;
