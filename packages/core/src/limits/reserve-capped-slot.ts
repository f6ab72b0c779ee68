import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';

export type ReserveCappedSlotOptions = {
  /** The stored counter, or null on documents older than it. */
  counter: number | null;
  /** Counts the real items: seeds a missing counter and fills in the 403 text. */
  countExisting: () => Promise<number>;
  /** Seeds the counter when missing (a no-op if a concurrent call got there first). */
  init: (value: number) => Promise<void>;
  /** The one conditional `$inc` that takes a slot below `max`. */
  reserve: (max: number) => Promise<boolean>;
  max: number;
  /** The 403 text for `used` of `max`. */
  limitMessage: (used: number, max: number) => string;
};

/**
 * The shared shape of every capped create (forms per plan, active API keys, webhook endpoints per
 * form): take a slot from a counter with one conditional update, so concurrent creates can never
 * overshoot the cap, or answer 403 with the limit text. The caller inserts afterwards and gives the
 * slot back if the insert fails.
 */
export async function reserveCappedSlot({
  counter,
  countExisting,
  init,
  reserve,
  max,
  limitMessage,
}: ReserveCappedSlotOptions): Promise<void> {
  if (counter === null) {
    await init(await countExisting());
  }
  if (await reserve(max)) {
    return;
  }
  const used = await countExisting();
  throw new AppError(AppErrorCode.FORBIDDEN, { message: limitMessage(Math.max(used, max), max) });
}
