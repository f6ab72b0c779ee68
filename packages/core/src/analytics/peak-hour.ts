import { zonedParts } from './zoned.js';

/**
 * Most frequent hour of day in `timeZone`, ties to the lowest hour, 0 with no data. The counters are
 * per UTC hour, shifted by the zone's current whole-hour offset.
 */
export function peakHour({
  hourOfDay,
  timeZone,
  now,
}: {
  hourOfDay: Record<string, number>;
  timeZone: string;
  now: Date;
}): number {
  const offset = (zonedParts(now, timeZone).hour - now.getUTCHours() + 24) % 24;
  const local = Array.from({ length: 24 }, () => 0);
  for (const [key, count] of Object.entries(hourOfDay)) {
    const utcHour = Number(key);
    if (Number.isInteger(utcHour) && utcHour >= 0 && utcHour < 24) {
      local[(utcHour + offset) % 24] = (local[(utcHour + offset) % 24] ?? 0) + count;
    }
  }
  let best = 0;
  local.forEach((count, hour) => {
    if (count > (local[best] ?? 0)) {
      best = hour;
    }
  });

  return best;
}
