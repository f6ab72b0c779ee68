import { Yielder } from '../server/yielding.js';

/**
 * Elements sorted in one go before the merge passes begin: few, since one comparison of two long
 * strings with a common prefix costs tens of microseconds.
 */
const RUN = 64;

/**
 * A stable sort that pauses for other connections as it goes (Yielder): Array.prototype.sort of
 * 100k documents holds the event loop for a hundred milliseconds or more, a pause inside it is
 * impossible. So runs of RUN elements are sorted in one go, then merged pairwise pass by pass,
 * pausing between comparisons when the Yielder says so. Equal elements keep their input order,
 * as with a (stable) Array.prototype.sort, so the result is the same as sorting in one go.
 */
export async function sortYielding<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const yielder = new Yielder();
  let src: T[] = [];
  for (let from = 0; from < items.length; from += RUN) {
    for (const item of items.slice(from, from + RUN).sort(compare)) src.push(item);
    if (yielder.tick(RUN)) await yielder.pause();
  }
  for (let width = RUN; width < src.length; width *= 2) {
    const dst = new Array<T>(src.length);
    for (let lo = 0; lo < src.length; lo += 2 * width) {
      const mid = Math.min(lo + width, src.length);
      const hi = Math.min(lo + 2 * width, src.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        // Taking from the left run on ties keeps the sort stable.
        dst[k++] = compare(src[j] as T, src[i] as T) < 0 ? (src[j++] as T) : (src[i++] as T);
        if (yielder.tick()) await yielder.pause();
      }
      while (i < mid) dst[k++] = src[i++] as T;
      while (j < hi) dst[k++] = src[j++] as T;
    }
    src = dst;
  }
  return src;
}
