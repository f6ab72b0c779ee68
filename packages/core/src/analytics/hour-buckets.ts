const HOUR_MS = 3_600_000;

/** Key of the UTC hour bucket an instant falls in (matches the FormStats `hours` map). */
export function hourKey(instant: Date): string {
  return instant.toISOString().slice(0, 13);
}

/** Start of the UTC hour of an instant. */
export function floorHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}

/** Sum of the `count` hour buckets ending with the one that holds `end` (inclusive). */
export function sumHours(hours: Record<string, number>, end: Date, count: number): number {
  const last = floorHour(end).getTime();
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += hours[hourKey(new Date(last - i * HOUR_MS))] ?? 0;
  }

  return total;
}

/** The instant a `YYYY-MM-DDTHH` key starts. */
export function hourKeyStart(key: string): Date {
  return new Date(`${key}:00:00.000Z`);
}
