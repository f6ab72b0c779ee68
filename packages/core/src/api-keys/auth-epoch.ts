import { randomBytes } from 'node:crypto';

/**
 * Servers keep a per-process copy of what an API key authenticates as (user, plan, scopes,
 * restrictions). The copy is only used while the user's epoch in Redis is the one it was made
 * under; every change to any of that (key revoked, plan changed, account deleted) writes a fresh
 * epoch AFTER the MongoDB write, so every replica's copy stops matching on its very next request.
 *
 * An epoch is a random token, not a counter: if Redis loses the key (restart without persistence,
 * eviction, its expiry below) the next request writes a new random token, which no copy was made
 * under, so a lost epoch can never make a stale copy match again.
 */

/** How long an untouched epoch is kept; a missing epoch only costs each replica one MongoDB read. */
export const AUTH_EPOCH_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The Redis hash tag of one user: every Redis key an authenticated request touches carries it, so
 * the request's one script stays in one cluster slot.
 */
export function authUserTag(userId: string): string {
  return `{u:${userId}}`;
}

export function authEpochKey(userId: string): string {
  return `formwell:auth:${authUserTag(userId)}:epoch`;
}

/**
 * The longest a replica uses a copy (of a key's authentication, of a form) without reading MongoDB
 * again, even under a matching epoch: the bound on how long a change whose bump never reached Redis
 * can go unseen by a replica that still reaches Redis.
 */
export const COPY_MAX_AGE_SECONDS = 60;

/**
 * Tokens need only never repeat (copies compare them for equality; nobody outside can write one):
 * a random prefix drawn once per process, then a counter. Every keyed request offers one to its
 * Redis script, so drawing fresh random bytes each time was a measurable share of a request.
 */
const TOKEN_PREFIX = randomBytes(9).toString('base64url');
let tokensIssued = 0;

/** A fresh epoch token (also what a request writes when it finds none). */
export function newAuthEpoch(): string {
  tokensIssued += 1;

  return `${TOKEN_PREFIX}.${tokensIssued.toString(36)}`;
}

/** The part of an ioredis connection a bump uses (core does not depend on ioredis itself). */
export type TAuthEpochStore = {
  set(key: string, value: string, expiry: 'EX', seconds: number): Promise<unknown>;
};

/**
 * The Redis connections of this process that bumps go to: each server app and the CLI register
 * theirs. Usually one; tests hold several apps on one Redis.
 */
const stores = new Set<TAuthEpochStore>();

/**
 * Whether this process must tell Redis of every change (servers and the CLI declare it at start):
 * then a bump with no registered connection is an error, not a silent no-op, so a wiring mistake
 * cannot leave every replica's copies valid after a revoke.
 */
let storeRequired = false;

/** Declares that this process changes keys, plans or accounts of a deployment (see storeRequired). */
export function requireAuthEpochStore(): void {
  storeRequired = true;
}

/** Registers a connection for bumps; returns its unregistration (call it before closing it). */
export function registerAuthEpochStore(redis: TAuthEpochStore): () => void {
  stores.add(redis);

  return () => {
    stores.delete(redis);
  };
}

export class AuthEpochBumpError extends Error {
  constructor(userId: string, cause: unknown) {
    super(
      `the change for user ${userId} is stored, but Redis could not be told: a server that still ` +
        `reaches Redis may use its copy of this user's keys, plan or forms for up to ` +
        `${String(COPY_MAX_AGE_SECONDS)} seconds`,
      { cause },
    );
    this.name = 'AuthEpochBumpError';
  }
}

/** Receives the failure of a bump made after its change was stored (the caller logs it). */
export type TOnBumpFailed = (error: AuthEpochBumpError) => void;

/**
 * A bump after a change that is stored whatever Redis says (a revoke, a form edit). Given
 * `onBumpFailed`, a Redis that cannot be told goes there and the change still answers as done: a
 * server that cannot reach Redis reads MongoDB on each request, and one that still can drops its
 * copies within COPY_MAX_AGE_SECONDS. Absent (the CLI), the failure is thrown, so the operator
 * learns of that delay.
 */
export async function bumpAuthEpochOrReport(userId: string, onBumpFailed?: TOnBumpFailed): Promise<void> {
  await bumpAuthEpoch(userId).catch((error: unknown) => {
    if (!(onBumpFailed && error instanceof AuthEpochBumpError)) {
      throw error;
    }
    onBumpFailed(error);
  });
}

/**
 * Invalidates every replica's cached authentication of `userId`. Call it after the MongoDB write
 * that changed the key, plan or account. Throws AuthEpochBumpError when no registered connection
 * could write it, or when none is registered in a process that declared it needs one
 * (requireAuthEpochStore). A process that declared nothing and registered nothing (core's own
 * tests, seeding scripts) runs no cache and has none to tell.
 */
export async function bumpAuthEpoch(userId: string): Promise<void> {
  if (stores.size === 0) {
    if (storeRequired) {
      throw new AuthEpochBumpError(userId, new Error('no Redis connection is registered for auth epochs'));
    }

    return;
  }
  const epoch = newAuthEpoch();
  const results = await Promise.allSettled(
    [...stores].map((redis) => redis.set(authEpochKey(userId), epoch, 'EX', AUTH_EPOCH_TTL_SECONDS)),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed && results.every((result) => result.status === 'rejected')) {
    throw new AuthEpochBumpError(userId, failed.reason);
  }
}

/** How many bumps go to Redis at once when many users' copies are retired together. */
const BUMPS_AT_ONCE = 500;

/**
 * Bumps the epoch of each of `userIds` (a restore replaced what every replica may have copied);
 * throws AuthEpochBumpError as bumpAuthEpoch does, after trying every user.
 */
export async function bumpAuthEpochs(userIds: Iterable<string>): Promise<void> {
  let firstFailure: Error | undefined;
  let batch: string[] = [];
  const flush = async () => {
    const results = await Promise.allSettled(batch.map((userId) => bumpAuthEpoch(userId)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed && !firstFailure) {
      firstFailure = failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
    }
    batch = [];
  };
  for (const userId of userIds) {
    batch.push(userId);
    if (batch.length === BUMPS_AT_ONCE) {
      await flush();
    }
  }
  await flush();
  if (firstFailure !== undefined) {
    throw firstFailure;
  }
}
