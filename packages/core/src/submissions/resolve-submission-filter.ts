import type { TSubmissionFilter } from '@formwell/db';

import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';
import { startsWithCalendarDay } from './starts-with-calendar-day.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A `startDate`/`endDate` as API documents describe it: a calendar date, or a date with a time and
 * an offset (what parseBound reads; a date-only end covers its whole UTC day).
 */
export const DATE_BOUND_JSON_SCHEMA = {
  type: 'string',
  maxLength: 40,
  anyOf: [
    { format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    {
      format: 'date-time',
      pattern:
        '^\\d{4}-\\d{2}-\\d{2}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$',
    },
  ],
  description:
    'ISO 8601 date (`2026-05-01`, the whole UTC day) or date-time with offset; inclusive. startDate must not be after endDate (400).',
} as const;

function parseBound(name: string, value: string): Date {
  const parsed = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (!startsWithCalendarDay(value) || Number.isNaN(parsed.getTime())) {
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
