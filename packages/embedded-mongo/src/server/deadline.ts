import { performance } from 'node:perf_hooks';
import { MongoCommandError } from '../errors.js';

/**
 * `maxTimeMS` (https://www.mongodb.com/docs/manual/reference/method/cursor.maxTimeMS/): a command
 * that runs longer is stopped with 50 MaxTimeMSExpired. Commands run synchronously, one at a time,
 * so the deadline of the running command is module state; long loops (scans, aggregation input)
 * call checkDeadline() as they go.
 */
let deadline = Infinity;
let calls = 0;

export function runWithDeadline<T>(maxTimeMS: unknown, run: () => T): T {
  const ms = typeof maxTimeMS === 'number' && Number.isFinite(maxTimeMS) ? maxTimeMS : 0;
  deadline = ms > 0 ? performance.now() + ms : Infinity;
  try {
    return run();
  } finally {
    deadline = Infinity;
  }
}

/** Throws 50 once the running command's maxTimeMS has passed (the clock is read every 64 calls). */
export function checkDeadline(): void {
  if (deadline === Infinity || (++calls & 63) !== 0) return;
  if (performance.now() > deadline)
    throw new MongoCommandError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
}

/** The items of `input`, checking the deadline as a pipeline pulls them. */
export function* withDeadline<T>(input: Iterable<T>): Generator<T> {
  for (const item of input) {
    checkDeadline();
    yield item;
  }
}
