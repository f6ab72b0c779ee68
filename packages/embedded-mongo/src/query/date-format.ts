import { MongoCommandError } from '../errors.js';
import { formatOffset, localParts, resolveZone } from './timezone.js';
import { dayOfYear, isoDayOfWeek, isoWeekAndYear, MONTH_NAMES, weekOfYear } from './date-calendar.js';
import { toDate } from './date-operators.js';

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const DEFAULT_FORMAT = '%Y-%m-%dT%H:%M:%S.%LZ';

/** `$dateToString` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateToString/). */
export function dateToString(args: Record<string, unknown>): unknown {
  const date = toDate(args.date, '$dateToString');
  if (date === null) return 'onNull' in args ? args.onNull : null;
  const zone = resolveZone(args.timezone);
  const p = localParts(date, zone);
  const format = args.format === undefined || args.format === null ? DEFAULT_FORMAT : args.format;
  if (typeof format !== 'string') {
    throw new MongoCommandError(18533, 'Location18533', "$dateToString requires that 'format' be a string");
  }
  // A '%' with no character after it (the '%%' pairs aside), as mongod's TimeZone::validateFormat.
  if (/(?:^|[^%])(?:%%)*%$/.test(format))
    throw new MongoCommandError(18535, 'Location18535', "Unmatched '%' at end of format string");
  return format.replace(/%(.)/g, (_m, c: string) => {
    switch (c) {
      case 'Y':
        return pad(p.year, 4);
      case 'G':
        return pad(isoWeekAndYear(p).year, 4);
      case 'm':
        return pad(p.month, 2);
      case 'd':
        return pad(p.day, 2);
      case 'H':
        return pad(p.hour, 2);
      case 'M':
        return pad(p.minute, 2);
      case 'S':
        return pad(p.second, 2);
      case 'L':
        return pad(p.ms, 3);
      case 'j':
        return pad(dayOfYear(p), 3);
      case 'w':
        return String(p.dow + 1);
      case 'u':
        return String(isoDayOfWeek(p));
      case 'U':
        return pad(weekOfYear(p), 2);
      case 'V':
        return pad(isoWeekAndYear(p).week, 2);
      case 'z':
        return formatOffset(p.offset);
      case 'Z':
        return String(p.offset);
      case 'b':
        return (MONTH_NAMES[p.month - 1] ?? '').slice(0, 3);
      case 'B':
        return MONTH_NAMES[p.month - 1] ?? '';
      case '%':
        return '%';
      default:
        throw new MongoCommandError(
          18536,
          'Location18536',
          `Invalid format character '%${c}' in format string`,
        );
    }
  });
}
