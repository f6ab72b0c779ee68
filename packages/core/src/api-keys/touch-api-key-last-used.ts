import { apiKeyRepository } from '@formwell/db';

/** lastUsedAt may lag the latest request by at most this much: one write per key per second at most. */
const LAST_USED_RESOLUTION_MS = 1000;
const RECENT_TOUCHES_MAX = 10_000;

/** Per key, when this process last started a lastUsedAt write (request time, ms). */
const recentTouches = new Map<string, number>();

/**
 * Whether this request must write lastUsedAt. Not when the stored value (as last read) is within a
 * second of `now`: the conditional write would change nothing. Not when this process started a
 * write for the key within that second either: a burst of concurrent requests then costs one
 * write, not one each. Only skips writes that could not have moved the stored value by more than
 * the allowed second.
 */
function lastUsedDue(keyId: string, lastUsedAt: Date | null, nowMs: number): boolean {
  const fresh = nowMs - LAST_USED_RESOLUTION_MS;
  if (lastUsedAt && lastUsedAt.getTime() > fresh) {
    return false;
  }
  const touched = recentTouches.get(keyId);
  if (touched !== undefined && touched > fresh) {
    return false;
  }
  if (recentTouches.size >= RECENT_TOUCHES_MAX) {
    for (const [id, at] of recentTouches) {
      if (at <= fresh) {
        recentTouches.delete(id);
      }
    }
    if (recentTouches.size >= RECENT_TOUCHES_MAX) {
      recentTouches.clear();
    }
  }

  return true;
}

export type TouchApiKeyLastUsedOptions = {
  keyId: string;
  /** The stored value as last read with the key (possibly from a cached copy: then older). */
  lastUsedAt: Date | null;
  now?: Date;
};

/** Records a use of the key in `lastUsedAt`, coalesced to at most one write per key per second. */
export async function touchApiKeyLastUsed({
  keyId,
  lastUsedAt,
  now = new Date(),
}: TouchApiKeyLastUsedOptions): Promise<void> {
  if (!lastUsedDue(keyId, lastUsedAt, now.getTime())) {
    return;
  }
  recentTouches.set(keyId, now.getTime());
  try {
    await apiKeyRepository.touchLastUsed({ keyId, now });
  } catch (error) {
    recentTouches.delete(keyId);
    throw error;
  }
}
