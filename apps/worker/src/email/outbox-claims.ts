import { QUEUE_PREFIX, type TRedisClient } from '@formwell/jobs';

/**
 * Longer than any one send may take (SMTP and webhook deadlines are seconds): a claim outlives its
 * job only when the worker died holding it, and then the entry's next job waits this long at most.
 */
const CLAIM_MS = 10 * 60_000;

/**
 * Per-entry claims in Redis, so two jobs carrying the same outbox entry (a window's job and the
 * job a sweep gave it meanwhile) never send it at once. One after the other they need none: the
 * second finds the entry done. The holder names the job, so a job run again after its worker
 * died (a stalled job) finds its own claims still its own.
 */
export type TOutboxClaims = {
  /** Claims what it can of `entryIds` for `holder`; answers the entries `holder` now holds. */
  take(entryIds: string[], holder: string): Promise<Set<string>>;
  /** Gives back the claims `holder` holds on `entryIds` (others' are left alone). */
  release(entryIds: Iterable<string>, holder: string): Promise<void>;
};

// Each script touches only the keys it is given, all in the {formwell} slot.
const TAKE = `
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[2]) or redis.call('GET', key) == ARGV[1] then
    held[#held + 1] = i
  end
end
return held`;
const RELEASE = `
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
  end
end
return 0`;

const claimKey = (entryId: string) => `${QUEUE_PREFIX}:outbox-claim:${entryId}`;

export function createOutboxClaims(redis: TRedisClient): TOutboxClaims {
  return {
    async take(entryIds, holder) {
      if (entryIds.length === 0) {
        return new Set();
      }
      const held = (await redis.eval(
        TAKE,
        entryIds.length,
        ...entryIds.map(claimKey),
        holder,
        CLAIM_MS,
      )) as number[];

      return new Set(held.map((index) => entryIds[index - 1] ?? ''));
    },
    async release(entryIds, holder) {
      const keys = [...entryIds].map(claimKey);
      if (keys.length > 0) {
        await redis.eval(RELEASE, keys.length, ...keys, holder);
      }
    },
  };
}
