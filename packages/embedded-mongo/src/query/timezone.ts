import { MongoCommandError } from '../errors.js';

/** A time zone as MongoDB accepts it: UTC/GMT, a fixed `±HH[:MM]` offset, or any IANA name. */
export type Zone = { offsetMinutes(utcMs: number): number };

const UTC: Zone = { offsetMinutes: () => 0 };
const OFFSET_RE = /^([+-])(\d{2}):?(\d{2})?$/;
const cache = new Map<string, Zone>();

function ianaZone(name: string): Zone {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  } catch {
    throw new MongoCommandError(40485, 'Location40485', `unrecognized time zone identifier: "${name}"`);
  }
  // Offsets change on quarter-hour boundaries (modern tz data), so one lookup per 15 minutes suffices.
  const memo = new Map<number, number>();
  const compute = (utcMs: number): number => {
    const secMs = Math.floor(utcMs / 1000) * 1000;
    const p: Record<string, string> = {};
    for (const part of fmt.formatToParts(new Date(secMs))) p[part.type] = part.value;
    let year = Number(p.year);
    if (p.era === 'BC' || p.era === 'B') year = 1 - year;
    const wall = Date.UTC(
      year,
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    const d = new Date(wall);
    if (year >= 0 && year < 100) d.setUTCFullYear(year);
    return Math.round((d.getTime() - secMs) / 60000);
  };
  return {
    offsetMinutes(utcMs: number): number {
      const bucket = Math.floor(utcMs / 900_000);
      let off = memo.get(bucket);
      if (off === undefined) {
        if (memo.size > 50_000) memo.clear();
        off = compute(bucket * 900_000);
        memo.set(bucket, off);
      }
      return off;
    },
  };
}

export function resolveZone(tz: unknown): Zone {
  if (tz === undefined || tz === null) return UTC;
  if (typeof tz !== 'string')
    throw new MongoCommandError(40517, 'Location40517', 'timezone must evaluate to a string');
  const cached = cache.get(tz);
  if (cached) return cached;
  let zone: Zone;
  const m = OFFSET_RE.exec(tz);
  if (tz === 'UTC' || tz === 'GMT' || tz === 'Z') zone = UTC;
  else if (m) {
    const minutes = (Number(m[2]) * 60 + Number(m[3] ?? 0)) * (m[1] === '-' ? -1 : 1);
    zone = { offsetMinutes: () => minutes };
  } else zone = ianaZone(tz);
  cache.set(tz, zone);
  return zone;
}

/** Wall-clock fields of an instant in a zone (month 1-12, dow 0=Sunday). */
export type LocalParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  dow: number;
  offset: number;
};

export function localParts(date: Date, zone: Zone): LocalParts {
  const offset = zone.offsetMinutes(date.getTime());
  const d = new Date(date.getTime() + offset * 60000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
    dow: d.getUTCDay(),
    offset,
  };
}

/** Instant of a wall-clock time in a zone; fields may overflow (month 13, hour 25) as $dateFromParts allows. */
export function fromLocal(zone: Zone, y: number, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0): Date {
  const base = new Date(Date.UTC(2000, 0, 1, 0, 0, 0, 0));
  base.setUTCFullYear(y, mo - 1, d);
  base.setUTCHours(h, mi, s, ms);
  const wall = base.getTime();
  // Two passes settle the offset, including the hours a DST change skips or repeats.
  let utc = wall - zone.offsetMinutes(wall) * 60000;
  utc = wall - zone.offsetMinutes(utc) * 60000;
  return new Date(utc);
}

export function formatOffset(minutes: number, colon = false): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return colon ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
}
