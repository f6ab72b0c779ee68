const QUARTER_MS = 900_000;

/** The UTC quarter-hour buckets one instant falls in, as FormStatsMonth stores them. */
export type TStatsBucket = {
  /** UTC month `YYYY-MM`: the document. */
  month: string;
  /** `DDTHHMM` within the month. */
  quarter: string;
  /** `HHMM` of the UTC day. */
  quarterOfDay: string;
};

export function statsBucketOf(at: Date): TStatsBucket {
  const iso = new Date(Math.floor(at.getTime() / QUARTER_MS) * QUARTER_MS).toISOString();
  const hhmm = `${iso.slice(11, 13)}${iso.slice(14, 16)}`;

  return { month: iso.slice(0, 7), quarter: `${iso.slice(8, 10)}T${hhmm}`, quarterOfDay: hhmm };
}

/** The instant a UTC month (`YYYY-MM`) starts. */
export function monthStart(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/** The instant a stored quarter key (`DDTHHMM`) of a month starts; `start` = monthStart(month). */
export function quarterStart(month: string, quarter: string, start = monthStart(month)): number {
  const [day, hour, minute] = [quarter.slice(0, 2), quarter.slice(3, 5), quarter.slice(5, 7)].map(Number);

  return start + ((day ?? 1) - 1) * 86_400_000 + (hour ?? 0) * 3_600_000 + (minute ?? 0) * 60_000;
}

/** Minutes after UTC midnight of a stored `HHMM` quarter-of-day key. */
export function quarterOfDayMinutes(key: string): number {
  return Number(key.slice(0, 2)) * 60 + Number(key.slice(2, 4));
}
