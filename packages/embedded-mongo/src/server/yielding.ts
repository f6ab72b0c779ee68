import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { checkDeadlineNow } from './deadline.js';

/** Documents handled between two looks at the clock (a clock read costs far less than 64 documents). */
const CHECK_EVERY = 64;
/** Documents after which a long command lets other connections in, however fast it runs. */
export const YIELD_EVERY_DOCS = 1000;
/**
 * Time after which a long command lets other connections in, whatever it has done: a findOne
 * arriving meanwhile waits at most about this long (plus one batch of work and any GC pause).
 */
const YIELD_EVERY_MS = 1;

/**
 * Cooperative yielding of long read commands (scans, aggregation stages, sorts, count, distinct): the engine runs
 * on one event loop, so a command that works through 100k documents in one go would hold every
 * other connection until it is done. mongod yields its locks periodically for the same reason.
 * Call `tick(n)` after every n documents handled; when it returns true, `await pause()` before the
 * next ones. What the command reads after a pause reflects writes made meanwhile (a document
 * deleted in the pause is skipped), as a mongod read without a snapshot does.
 */
export class Yielder {
  private count = 0;
  private sliceStart = performance.now();

  tick(docs = 1): boolean {
    const before = this.count;
    this.count += docs;
    if (this.count >= YIELD_EVERY_DOCS) return true;
    const clockDue = Math.floor(before / CHECK_EVERY) !== Math.floor(this.count / CHECK_EVERY);
    return clockDue && performance.now() - this.sliceStart > YIELD_EVERY_MS;
  }

  /** Lets other connections in; throws 50 MaxTimeMSExpired if the command's maxTimeMS passed meanwhile. */
  async pause(): Promise<void> {
    await nextTurn();
    checkDeadlineNow();
    this.count = 0;
    this.sliceStart = performance.now();
  }
}
