import type { TSubmissionFilter } from '@formwell/db';

import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** `YYYY-MM-DD`, optionally followed by a time (`T` or a space) and an offset; the parser checks the rest. */
const ISO_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ]\d)/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when year-month-day names a real calendar day (no 2026-02-30 rolled over to March). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];

  return days !== undefined && day >= 1 && day <= days;
}

function parseBound(name: string, value: string): Date {
  const prefix = ISO_PREFIX.exec(value);
  const parsed = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (
    prefix === null ||
    !isCalendarDay(Number(prefix[1]), Number(prefix[2]), Number(prefix[3])) ||
    Number.isNaN(parsed.getTime())
  ) {
    throw invalidParameter(name, ErrorMessages.notIsoDate(name));
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
    throw invalidParameter('startDate', ErrorMessages.DATE_RANGE_REVERSED);
  }
  if (email) {
    filter.email = email.trim().toLowerCase();
  }

  return filter;
}
