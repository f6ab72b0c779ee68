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

/** The instant a stored quarter key of a month starts. */
export function quarterStart(month: string, quarter: string): number {
  return Date.parse(`${month}-${quarter.slice(0, 5)}:${quarter.slice(5, 7)}:00.000Z`);
}

/** Minutes after UTC midnight of a stored `HHMM` quarter-of-day key. */
export function quarterOfDayMinutes(key: string): number {
  return Number(key.slice(0, 2)) * 60 + Number(key.slice(2, 4));
}
