import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { MongoCommandError } from '../errors.js';

/**
 * `maxTimeMS` (https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/): a command
 * that runs longer is stopped with 50 MaxTimeMSExpired. Long commands yield to other connections
 * part-way (see yielding.ts), so several may be running at once: each keeps its deadline in its own
 * async context; long loops (scans, aggregation input) call checkDeadline() as they go.
 */
const deadlines = new AsyncLocalStorage<{ at: number; calls: number }>();

/** `run(arg)` under a deadline of `maxTimeMS` (none when absent or not positive). */
export function runWithDeadline<A, T>(maxTimeMS: unknown, run: (arg: A) => T, arg: A): T {
  const ms = typeof maxTimeMS === 'number' && Number.isFinite(maxTimeMS) ? maxTimeMS : 0;
  if (ms <= 0) return run(arg);
  return deadlines.run({ at: performance.now() + ms, calls: 0 }, run, arg);
}

/** Throws 50 once the running command's maxTimeMS has passed (the clock is read every 64 calls). */
export function checkDeadline(): void {
  const deadline = deadlines.getStore();
  if (!deadline || (++deadline.calls & 63) !== 0) return;
  expireIfPast(deadline.at);
}

/**
 * Throws 50 when the running command's maxTimeMS has passed, reading the clock now: a command
 * resuming after a pause (yielding.ts) checks it, as mongod checks for interruption when it
 * yields, so every yielding loop honours maxTimeMS.
 */
export function checkDeadlineNow(): void {
  const deadline = deadlines.getStore();
  if (deadline) expireIfPast(deadline.at);
}

function expireIfPast(at: number): void {
  if (performance.now() > at)
    throw new MongoCommandError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
}

/** The items of `input`, checking the deadline as a pipeline pulls them. */
export function* withDeadline<T>(input: Iterable<T>): Generator<T> {
  for (const item of input) {
    checkDeadline();
    yield item;
  }
}
