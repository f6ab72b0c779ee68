import { COPY_MAX_AGE_SECONDS, type TAuthenticatedApiKey } from '@formwell/core';
import { LRUCache } from 'lru-cache';

/**
 * This process's copy of what API keys authenticate as, by key hash (never the key). An entry is
 * used to answer a request only when the user's auth epoch, read in the request's one Redis call,
 * is the one it was verified under, and it is younger than the maximum age. An entry with
 * `epoch: null` was read before any epoch was: it only tells which user and bucket the key has
 * (which never change for a key), so the next request can read the epoch and then verify.
 */
type TCachedApiKey = {
  auth: TAuthenticatedApiKey;
  /** The epoch read BEFORE the MongoDB read that produced `auth`; null when there was none. */
  epoch: string | null;
  /** When `auth` was read (ms); past the maximum age the entry is verified again. */
  verifiedAt: number;
};

export type ApiKeyCache = {
  get(keyHash: string): TCachedApiKey | undefined;
  set(keyHash: string, entry: TCachedApiKey): void;
  delete(keyHash: string): void;
  /** Forgets every verification (a Redis outage may have hidden bumps): entries must verify again. */
  clear(): void;
  /** Whether `entry` may answer a request whose epoch read returned `epoch`. */
  isCurrent(entry: TCachedApiKey, epoch: string | null, now?: number): boolean;
};

export type CreateApiKeyCacheOptions = {
  /** Keys remembered per process; the least recently used go first. */
  maxKeys?: number;
  /**
   * A belt to the epoch's braces: even with a matching epoch, a copy older than this is read again,
   * so a change whose bump could not reach Redis is honoured within this bound.
   */
  maxAgeMs?: number;
};

const API_KEY_CACHE_MAX_KEYS = 10_000;

export function createApiKeyCache({
  maxKeys = API_KEY_CACHE_MAX_KEYS,
  maxAgeMs = COPY_MAX_AGE_SECONDS * 1000,
}: CreateApiKeyCacheOptions = {}): ApiKeyCache {
  const entries = new LRUCache<string, TCachedApiKey>({ max: maxKeys });

  return {
    get: (keyHash) => entries.get(keyHash),
    set: (keyHash, entry) => {
      entries.set(keyHash, entry);
    },
    delete: (keyHash) => {
      entries.delete(keyHash);
    },
    clear: () => {
      entries.clear();
    },
    isCurrent: (entry, epoch, now = Date.now()) =>
      epoch !== null && entry.epoch === epoch && now - entry.verifiedAt <= maxAgeMs,
  };
}
