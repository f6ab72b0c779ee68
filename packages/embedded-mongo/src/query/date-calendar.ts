import type { LocalParts } from './timezone.js';

const DAY = 86_400_000;

export const isoDayOfWeek = (p: LocalParts) => (p.dow === 0 ? 7 : p.dow);

export function dayOfYear(p: LocalParts): number {
  return (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / DAY + 1;
}

/** `$week` / `%U`: weeks start on Sunday; days before the first Sunday are week 0. */
export function weekOfYear(p: LocalParts): number {
  return Math.floor((dayOfYear(p) - 1 + 7 - p.dow) / 7);
}

/** ISO 8601 week and week-year: the week containing the year's first Thursday is week 1. */
export function isoWeekAndYear(p: LocalParts): { week: number; year: number } {
  const thursday = new Date(Date.UTC(p.year, p.month - 1, p.day) + (4 - isoDayOfWeek(p)) * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  return { week, year };
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
