/** What marks a value that was cut to fit a platform's limit. */
const ELLIPSIS = '…';

/**
 * `text` in at most `max` UTF-16 units, the last of them an ellipsis when anything was cut. UTF-16
 * units are never fewer than the code points platforms count, so the result fits either way; a
 * surrogate pair is never split.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  if (max < 1) {
    return '';
  }
  let end = max - ELLIPSIS.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) {
    end -= 1;
  }

  return `${text.slice(0, Math.max(end, 0))}${ELLIPSIS}`;
}

/**
 * Shares `total` characters among values of the given lengths, each capped at `max`: short values
 * keep all they need and the long ones split what is left evenly, so one huge value cannot crowd
 * out the others. Every share is at least `min` (an ellipsis alone still says "cut").
 */
export function shareBudget(lengths: number[], total: number, max: number, min = 1): number[] {
  const shares = Array.from({ length: lengths.length }, () => 0);
  const shortestFirst = lengths
    .map((_, index) => index)
    .sort((a, b) => (lengths[a] ?? 0) - (lengths[b] ?? 0));
  let remaining = total;
  shortestFirst.forEach((index, position) => {
    const fair = Math.floor(remaining / (lengths.length - position));
    const share = Math.max(min, Math.min(lengths[index] ?? 0, max, fair));
    shares[index] = share;
    remaining -= share;
  });

  return shares;
}
