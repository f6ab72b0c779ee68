const DAY_MS = 86_400_000;

/**
 * How long hourly buckets are kept. Analytics read at most 30 local days (`month`), which can start
 * up to 14 hours before the UTC day, and week-over-week reads 14 days; 32 days covers all of that.
 * Lifetime totals per hour-of-day, browser and country are separate counters and never pruned.
 */
export const HOURLY_BUCKET_RETENTION_DAYS = 32;

/** The start of the oldest hour bucket analytics may still read at `now`. */
export function hourlyRetentionStart(now: Date): Date {
  return new Date(now.getTime() - HOURLY_BUCKET_RETENTION_DAYS * DAY_MS);
}
