/** `YYYY-MM-DD` at the start of a text, optionally followed by a time (`T` or a space). */
const ISO_DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ]\d)/;

/**
 * True when the text starts with a year-month-day that names a real calendar day. `Date.parse`
 * alone rolls `2026-02-30` over to 2 March and accepts it.
 */
export function startsWithCalendarDay(text: string): boolean {
  const prefix = ISO_DAY_PREFIX.exec(text);
  if (prefix === null) {
    return false;
  }
  const [year, month, day] = [Number(prefix[1]), Number(prefix[2]), Number(prefix[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];

  return days !== undefined && day >= 1 && day <= days;
}
