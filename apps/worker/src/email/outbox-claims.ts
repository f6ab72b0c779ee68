import { QUEUE_PREFIX, type TRedisClient } from '@formwell/jobs';

/**
 * Longer than one send can take (nodemailer gives up on a silent connection after its own
 * timeouts, the longest ten minutes): a claim outlives its send only when the worker died holding
 * it, and the entry's other job then waits this long at most.
 */
const CLAIM_MS = 15 * 60_000;

/**
 * Per-entry claims in Redis, so two jobs carrying the same outbox entry (a window's job and the
 * job a sweep gave it meanwhile) never send it at once. One after the other they need none: the
 * second finds the entry done. The holder names the job, so a job run again after its worker
 * died (a stalled job) finds its own claim still its own.
 */
export type TOutboxClaims = {
  /** Claims the entry for `holder`; true when `holder` now holds it. */
  take(entryId: string, holder: string): Promise<boolean>;
  /** Gives the claim back, if `holder` still holds it. */
  release(entryId: string, holder: string): Promise<void>;
};

// Taken again by its holder (a job run again after its worker died), a claim gets its full time
// again: what the dead run left of it may be shorter than the send about to start.
const TAKE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
end
return 0`;

// In the queues' {formwell} slot, beside the jobs they guard.
const claimKey = (entryId: string) => `${QUEUE_PREFIX}:outbox-claim:${entryId}`;

export function createOutboxClaims(redis: TRedisClient): TOutboxClaims {
  return {
    async take(entryId, holder) {
      return (await redis.eval(TAKE, 1, claimKey(entryId), holder, CLAIM_MS)) === 1;
    },
    async release(entryId, holder) {
      await redis.eval(RELEASE, 1, claimKey(entryId), holder);
    },
  };
}
