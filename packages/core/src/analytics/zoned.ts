const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, cached);
  }

  return cached;
}

export type TZonedParts = { date: string; hour: number; minute: number };

/** Wall-clock date (`YYYY-MM-DD`), hour and minute of an instant in an IANA zone. */
export function zonedParts(instant: Date, timeZone: string): TZonedParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );

  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** True for a zone name Intl knows (`UTC`, `Europe/Berlin`, …). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);

    return true;
  } catch {
    return false;
  }
}

/** The calendar date `days` before a `YYYY-MM-DD` date. */
export function minusDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);

  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * The instant a local calendar day starts in a zone. Searches the UTC hours around the date, so it
 * is right across DST changes (a day that starts at 01:00 local gets that instant).
 */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Zones range from UTC-12 to UTC+14: the local midnight lies within these bounds, in 15-minute steps.
  for (let t = utcMidnight - 14 * 3_600_000; t <= utcMidnight + 12 * 3_600_000; t += 900_000) {
    if (zonedParts(new Date(t), timeZone).date === date) {
      return new Date(t);
    }
  }

  return new Date(utcMidnight);
}
