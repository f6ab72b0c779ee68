/**
 * The merge of the values in a window that slides forward (values join at the back and leave at
 * the front), for any associative merge (`$sum` of partial sums, `$min`, `$max`): the classic
 * two-stack queue. Values leaving come from the front stack, which holds each value with the merge
 * of itself and every value behind it up to the end of that stack; when it is empty, the back
 * stack is turned over into it. Each value is merged about three times in all, so a whole pass
 * over a partition costs O(n) merges whatever the window's width.
 */
export class SlidingMerge<T> {
  private front: { value: T; merged: T }[] = [];
  private back: T[] = [];
  private backMerged: T | undefined;

  constructor(private readonly merge: (a: T, b: T) => T) {}

  push(value: T): void {
    this.back.push(value);
    this.backMerged = this.backMerged === undefined ? value : this.merge(this.backMerged, value);
  }

  shift(): void {
    if (this.front.length === 0) {
      // The back stack turned over: the last value pushed is at the bottom of the front stack.
      for (let i = this.back.length - 1; i >= 0; i--) {
        const value = this.back[i] as T;
        const below = this.front[this.front.length - 1];
        this.front.push({ value, merged: below ? this.merge(value, below.merged) : value });
      }
      this.back = [];
      this.backMerged = undefined;
    }
    this.front.pop();
  }

  /** The merge of every value in the window, front to back; undefined when it holds none. */
  result(): T | undefined {
    const front = this.front[this.front.length - 1]?.merged;
    if (front === undefined) return this.backMerged;
    return this.backMerged === undefined ? front : this.merge(front, this.backMerged);
  }
}
