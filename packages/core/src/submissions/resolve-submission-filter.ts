import type { TSubmissionFilter } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { startsWithCalendarDay } from './starts-with-calendar-day.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function parseBound(name: string, value: string): Date {
  const parsed = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (!startsWithCalendarDay(value) || Number.isNaN(parsed.getTime())) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: `${name} must be an ISO 8601 date` });
  }

  return parsed;
}

/**
 * `startDate`/`endDate` are inclusive: a date-only `endDate` covers that whole UTC day,
 * a full timestamp covers up to and including that instant.
 */
export function resolveSubmissionFilter({
  startDate,
  endDate,
  email,
}: {
  startDate?: string | null;
  endDate?: string | null;
  email?: string | null;
}): TSubmissionFilter {
  const filter: TSubmissionFilter = {};
  if (startDate) {
    filter.from = parseBound('startDate', startDate);
  }
  if (endDate) {
    const end = parseBound('endDate', endDate);
    filter.until = new Date(end.getTime() + (DATE_ONLY.test(endDate) ? DAY_MS : 1));
  }
  if (filter.from && filter.until && filter.from >= filter.until) {
    throw new AppError(AppErrorCode.BAD_REQUEST, { message: 'startDate must not be after endDate' });
  }
  if (email) {
    filter.email = email.trim().toLowerCase();
  }

  return filter;
}
