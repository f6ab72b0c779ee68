import { TZDate, tzOffset } from '@date-fns/tz';

/** True for a zone name the runtime's time-zone database knows (`UTC`, `Asia/Kathmandu`, …). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });

    return true;
  } catch {
    return false;
  }
}

/** The zone names isValidTimeZone accepts that the runtime can list: what API documents offer. */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC')];
}

/** Offset of the zone from UTC at an instant, in minutes (+345 for Asia/Kathmandu). */
export function offsetMinutes(timeZone: string, instant: number): number {
  return tzOffset(timeZone, new Date(instant));
}

/** The wall clock of an instant in a zone. */
export function wallClock(instant: number, timeZone: string): TZDate {
  return new TZDate(instant, timeZone);
}

/** `YYYY-MM-DD` of a calendar date given as year, month (0-based) and day. */
export function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instant a local calendar day starts, from the zone database: 00:00 local, or the first
 * instant of the day where DST skips midnight. Days are 23, 24 or 25 hours long.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  return new TZDate(year, month, day, timeZone).getTime();
}
