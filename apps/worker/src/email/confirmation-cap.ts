import { createHash } from 'node:crypto';

import type { TConfirmationCap } from '@formwell/core';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Confirmations one address may get per 24 h from one tenant (today the form's owner). */
const CONFIRMATIONS_PER_TENANT = 3;
/** Confirmations one address may get per 24 h from the whole install. */
const CONFIRMATIONS_PER_INSTALL = 10;
const DAY_SECONDS = 86_400;

/** Addresses are counted by hash: the counters in Redis hold no one's address. */
const addressKey = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

/** Whether a consume was refused by the limit (a Redis error is thrown on, so the job retries). */
async function consumed(limiter: RateLimiterRedis, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);

    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return false;
    }
    throw error;
  }
}

/**
 * The caps of submitter confirmations, in Redis with rate-limiter-flexible (as the API's rate
 * limits): both counters must have room, and a confirmation refused by the install's cap gives the
 * tenant's unit back, so only confirmations that go out are counted.
 */
export function createConfirmationCap(redis: Redis): TConfirmationCap {
  const common = { duration: DAY_SECONDS, storeClient: redis, rejectIfRedisNotReady: true };
  const perTenant = new RateLimiterRedis({
    ...common,
    points: CONFIRMATIONS_PER_TENANT,
    keyPrefix: 'confirmations:tenant',
  });
  const perInstall = new RateLimiterRedis({
    ...common,
    points: CONFIRMATIONS_PER_INSTALL,
    keyPrefix: 'confirmations:install',
  });
  const tenantKey = (tenantId: string, address: string) => `${tenantId}:${addressKey(address)}`;

  return {
    async take({ tenantId, address }) {
      if (!(await consumed(perTenant, tenantKey(tenantId, address)))) {
        return `confirmation limit reached: ${CONFIRMATIONS_PER_TENANT} per address per 24 h for this account`;
      }
      if (!(await consumed(perInstall, addressKey(address)))) {
        await perTenant.reward(tenantKey(tenantId, address), 1);

        return `confirmation limit reached: ${CONFIRMATIONS_PER_INSTALL} per address per 24 h for this install`;
      }

      return null;
    },
    async giveBack({ tenantId, address }) {
      await Promise.all([
        perTenant.reward(tenantKey(tenantId, address), 1),
        perInstall.reward(addressKey(address), 1),
      ]);
    },
  };
}
