const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;

/** Quarter hours in a day: the slots of one FormStatsDay, the length of a month record's day. */
export const QUARTERS_PER_DAY = 96;

/** The UTC quarter-hour bucket one instant falls in, as FormStatsDay stores it. */
export type TStatsBucket = {
  /** UTC month `YYYY-MM`: the key of the quarter-of-day totals on FormStats. */
  month: string;
  /** UTC day `YYYY-MM-DD`: the FormStatsDay document. */
  date: string;
  /** UTC day of the month, 0-based: the index into a month record's `days`. */
  day: number;
  /** Quarter hour of the UTC day, 0..95: the day document's slot, the index into one day's array. */
  slot: number;
  /** `HHMM` of the UTC day: the key of the month's quarter-of-day totals on FormStats. */
  quarterOfDay: string;
};

export function statsBucketOf(at: Date): TStatsBucket {
  const iso = new Date(Math.floor(at.getTime() / QUARTER_MS) * QUARTER_MS).toISOString();
  const [hour, minute] = [Number(iso.slice(11, 13)), Number(iso.slice(14, 16))];

  return {
    month: iso.slice(0, 7),
    date: iso.slice(0, 10),
    day: Number(iso.slice(8, 10)) - 1,
    slot: hour * 4 + minute / 15,
    quarterOfDay: `${iso.slice(11, 13)}${iso.slice(14, 16)}`,
  };
}

/** The instant a UTC month (`YYYY-MM`) starts. */
export function monthStart(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/** A month's `days` with every count 0: one array of 96 per day of the month. */
export function emptyDays(month: string): number[][] {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

  return Array.from({ length: days }, () => Array.from({ length: QUARTERS_PER_DAY }, () => 0));
}

/** The instant bucket (`day`, `slot`) of a month starts; `start` = monthStart(month). */
export function slotStart(start: number, day: number, slot: number): number {
  return start + day * DAY_MS + slot * QUARTER_MS;
}

/** Minutes after UTC midnight of a stored `HHMM` quarter-of-day key. */
export function quarterOfDayMinutes(key: string): number {
  return Number(key.slice(0, 2)) * 60 + Number(key.slice(2, 4));
}

/** A month's non-zero buckets keyed `DDTHHMM` (UTC day, hour, minute): a readable view for tests. */
export function nonZeroBuckets(days: readonly (readonly number[])[]): Record<string, number> {
  const buckets: Record<string, number> = {};
  days.forEach((counts, day) =>
    counts.forEach((count, slot) => {
      if (count !== 0) {
        const [hour, minute] = [Math.floor(slot / 4), (slot % 4) * 15].map((n) => String(n).padStart(2, '0'));
        buckets[`${String(day + 1).padStart(2, '0')}T${hour}${minute}`] = count;
      }
    }),
  );

  return buckets;
}
