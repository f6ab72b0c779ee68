import { formStatsRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { ZTimeRangeSchema, type TFormAnalytics } from './analytics-types.js';
import { computeAnalytics, readFrom } from './compute-analytics.js';
import { isValidTimeZone } from './time-zone.js';

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
 * one document per UTC month read (for PRO every active month, for the lifetime peak hour; for
 * STANDARD the last two). Checks, in order: 400 parameters, 404 form (also another user's), 403
 * plan gate.
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
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.INVALID_TIME_ZONE });
  }
  const form = await loadOwnedForm({ userId: user.id, formId, foreign: 'not-found' });
  const level = config.plans[user.plan].analytics;
  if (level === 'none' || user.plan === 'FREE') {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ANALYTICS_PLAN });
  }
  const at = now.getTime();
  const stats = await formStatsRepository.get({
    userId: user.id,
    formId: form.id,
    // PRO's peak hour is over all submissions, so it reads every month.
    fromMonth: level === 'pro' ? undefined : new Date(readFrom(at)).toISOString().slice(0, 7),
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
