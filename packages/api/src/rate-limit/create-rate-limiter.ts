import {
  AUTH_EPOCH_TTL_SECONDS,
  authEpochKey,
  authUserTag,
  newAuthEpoch,
  type TRateLimitName,
  type TRateLimitRule,
} from '@formwell/core';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import type { ApiLogger } from '../api-logger.js';
import { CONSUME_WITH_EPOCH_COMMAND, CONSUME_WITH_EPOCH_LUA } from './consume-with-epoch-script.js';
import {
  CONSUME_IN_WINDOW_COMMAND,
  CONSUME_IN_WINDOW_LUA,
  PEEK_IN_WINDOW_COMMAND,
  PEEK_IN_WINDOW_LUA,
} from './fixed-window-script.js';

/** What one consumed request leaves in its bucket; turned into response headers. */
export type TRateLimitState = {
  name: TRateLimitName;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Milliseconds until the bucket empties. */
  msBeforeReset: number;
  /** The Unix second the bucket empties at, when its window ends on a whole second (see the script). */
  resetAtSeconds?: number;
  allowed: boolean;
};

/** A consumed request of an authenticated user, with the user's auth epoch read in the same call. */
export type TUserConsumption = {
  state: TRateLimitState;
  /** The user's auth epoch; null when Redis did not answer (the limit was counted in memory). */
  epoch: string | null;
};

export type RateLimiter = {
  /** Counts one request against `bucketId` under rule `name`; never throws for a store outage. */
  consume(name: TRateLimitName, bucketId: string): Promise<TRateLimitState>;
  /**
   * Like `consume`, for a bucket of `userId`'s (stored under the user's hash tag), and reads the
   * user's auth epoch in the same Redis round trip. Never throws for a store outage.
   */
  consumeForUser(name: TRateLimitName, bucketId: string, userId: string): Promise<TUserConsumption>;
  /** The bucket's state without counting anything: refused once `limit` requests were counted. */
  peek(name: TRateLimitName, bucketId: string): Promise<TRateLimitState>;
  /**
   * Gives one counted request back (an attempt that, in the end, should not count: limits counted
   * on failures consume first, atomically, and refund what succeeded).
   */
  refund(name: TRateLimitName, bucketId: string): Promise<void>;
  /** Empties the bucket (a successful log-in clears its failures). */
  reset(name: TRateLimitName, bucketId: string): Promise<void>;
};

export type CreateRateLimiterOptions = {
  redis: Redis;
  rules: Record<TRateLimitName, TRateLimitRule>;
  logger: Pick<ApiLogger, 'warn'>;
  /** Namespace of the Redis keys, so tests and deployments can share one Redis. */
  keyPrefix?: string;
};

// One warning per this many ms while Redis is down, not one per request.
const OUTAGE_WARNING_INTERVAL_MS = 30_000;

/**
 * Redis-backed counters (one atomic Lua INCR+EXPIRE per request, so replicas share them), with a
 * per-process in-memory insurance limiter that takes over while Redis is unreachable: requests are
 * still limited, never refused because of the outage.
 */
export function createRateLimiter({
  redis,
  rules,
  logger,
  keyPrefix = 'formwell:rl',
}: CreateRateLimiterOptions): RateLimiter {
  let lastWarningAt = 0;
  const warnOutage = () => {
    const now = Date.now();
    if (now - lastWarningAt > OUTAGE_WARNING_INTERVAL_MS) {
      lastWarningAt = now;
      logger.warn(
        { redisStatus: redis.status },
        'rate limiter: Redis unreachable, using per-process memory limits',
      );
    }
  };

  const limiters = new Map(
    (Object.entries(rules) as [TRateLimitName, TRateLimitRule][]).map(([name, rule]) => {
      const common = { points: rule.limit, duration: rule.windowSeconds, keyPrefix: `${keyPrefix}:${name}` };
      const insuranceLimiter = new OutageMemoryLimiter(common, warnOutage);
      const limiter = new RateLimiterRedis({
        ...common,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter,
      });

      return [name, { limiter, insuranceLimiter, rule }] as const;
    }),
  );
  const consumeWithEpoch = defineConsumeWithEpoch(redis);
  const consumeInWindow = defineWindowCommand(redis, CONSUME_IN_WINDOW_COMMAND, CONSUME_IN_WINDOW_LUA);
  const peekInWindow = defineWindowCommand(redis, PEEK_IN_WINDOW_COMMAND, PEEK_IN_WINDOW_LUA);

  const entryOf = (name: TRateLimitName) => {
    const entry = limiters.get(name);
    if (!entry) {
      throw new Error(`unknown rate limit rule ${name}`);
    }

    return entry;
  };

  return {
    async consume(name, bucketId) {
      const { limiter, insuranceLimiter, rule } = entryOf(name);
      // Under rate-limiter-flexible's own key for the bucket, so that its `refund` and `reset` find it.
      const counted = await consumeInWindow(limiter.getKey(bucketId), '1', String(rule.windowSeconds)).catch(
        () => null,
      );
      if (counted) {
        return countedState(name, rule, counted);
      }
      // Redis did not answer: per-process memory limits, which are never refused for the outage.
      return insuranceConsume(name, rule, insuranceLimiter, bucketId);
    },
    async consumeForUser(name, bucketId, userId) {
      const { insuranceLimiter, rule } = entryOf(name);
      const counted = await consumeWithEpoch({
        bucketKey: `${keyPrefix}:${name}:${authUserTag(userId)}:${bucketId}`,
        epochKey: authEpochKey(userId),
        windowSeconds: rule.windowSeconds,
      }).catch(() => null);
      if (counted) {
        return { state: countedState(name, rule, counted), epoch: counted.epoch };
      }
      // Redis did not answer: the same per-process memory limits as `consume`, and no epoch.
      return { state: await insuranceConsume(name, rule, insuranceLimiter, bucketId), epoch: null };
    },
    async peek(name, bucketId) {
      const { limiter, insuranceLimiter, rule } = entryOf(name);
      const counted = await peekInWindow(limiter.getKey(bucketId)).catch(() => null);
      if (counted) {
        return counted.consumed === 0
          ? toState(name, rule, new RateLimiterRes(rule.limit, 0, 0, false), true)
          : { ...countedState(name, rule, counted), allowed: counted.consumed < rule.limit };
      }
      const remembered = await insuranceLimiter.get(bucketId);

      return remembered
        ? toState(name, rule, remembered, remembered.consumedPoints < rule.limit)
        : toState(name, rule, new RateLimiterRes(rule.limit, 0, 0, false), true);
    },
    async refund(name, bucketId) {
      await entryOf(name).limiter.reward(bucketId, 1);
    },
    async reset(name, bucketId) {
      await entryOf(name).limiter.delete(bucketId);
    },
  };
}

type ConsumeWithEpoch = (keys: {
  bucketKey: string;
  epochKey: string;
  windowSeconds: number;
}) => Promise<{ consumed: number; ttlMs: number; epoch: string; resetAtSeconds: number }>;

/** The script as an ioredis command (EVALSHA); rejects at once while the connection is not ready. */
function defineConsumeWithEpoch(redis: Redis): ConsumeWithEpoch {
  redis.defineCommand(CONSUME_WITH_EPOCH_COMMAND, { numberOfKeys: 2, lua: CONSUME_WITH_EPOCH_LUA });
  const command = (redis as unknown as Record<string, (...args: string[]) => Promise<unknown>>)[
    CONSUME_WITH_EPOCH_COMMAND
  ];
  if (!command) {
    throw new Error('ioredis did not define the consume-with-epoch command');
  }

  // A Cluster client says so (ioredis sets `isCluster` on both kinds); the script asks a cluster
  // node for its id, and nothing of a single Redis.
  const clusterFlag = redis.isCluster ? '1' : '0';

  return async ({ bucketKey, epochKey, windowSeconds }) => {
    if (redis.status !== 'ready') {
      throw new Error('Redis connection is not ready');
    }
    const [consumed, ttlMs, epoch, resetAtSeconds] = (await command.call(
      redis,
      bucketKey,
      epochKey,
      '1',
      String(windowSeconds),
      newAuthEpoch(),
      String(AUTH_EPOCH_TTL_SECONDS),
      clusterFlag,
    )) as [number, number, string, number];

    return { consumed, ttlMs, epoch, resetAtSeconds };
  };
}

type TWindowCount = { consumed: number; ttlMs: number; resetAtSeconds: number };

/** One of the fixed-window scripts as an ioredis command; rejects at once while the connection is not ready. */
function defineWindowCommand(
  redis: Redis,
  name: string,
  lua: string,
): (key: string, ...args: string[]) => Promise<TWindowCount> {
  redis.defineCommand(name, { numberOfKeys: 1, lua });
  const command = (redis as unknown as Record<string, (...args: string[]) => Promise<unknown>>)[name];
  if (!command) {
    throw new Error(`ioredis did not define the ${name} command`);
  }

  return async (key, ...args) => {
    if (redis.status !== 'ready') {
      throw new Error('Redis connection is not ready');
    }
    const [consumed, ttlMs, resetAtSeconds] = (await command.call(redis, key, ...args)) as [
      number,
      number,
      number,
    ];

    return { consumed, ttlMs, resetAtSeconds };
  };
}

/** A bucket counted in Redis, with the second its window ends at (fixed-window-script.ts). */
function countedState(name: TRateLimitName, rule: TRateLimitRule, counted: TWindowCount): TRateLimitState {
  const res = new RateLimiterRes(
    Math.max(rule.limit - counted.consumed, 0),
    counted.ttlMs,
    counted.consumed,
    counted.consumed === 1,
  );

  return {
    ...toState(name, rule, res, counted.consumed <= rule.limit),
    resetAtSeconds: counted.resetAtSeconds,
  };
}

async function insuranceConsume(
  name: TRateLimitName,
  rule: TRateLimitRule,
  insuranceLimiter: RateLimiterMemory,
  bucketId: string,
): Promise<TRateLimitState> {
  try {
    return toState(name, rule, await insuranceLimiter.consume(bucketId), true);
  } catch (rejection: unknown) {
    if (rejection instanceof RateLimiterRes) {
      return toState(name, rule, rejection, false);
    }
    throw rejection;
  }
}

function toState(
  name: TRateLimitName,
  rule: TRateLimitRule,
  res: RateLimiterRes,
  allowed: boolean,
): TRateLimitState {
  return {
    name,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
    remaining: Math.max(0, res.remainingPoints),
    msBeforeReset: Math.max(0, res.msBeforeNext),
    allowed,
  };
}

/** The insurance limiter: rate-limiter-flexible calls it only when the Redis call failed. */
class OutageMemoryLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();

    return super.consume(...args);
  }
}
