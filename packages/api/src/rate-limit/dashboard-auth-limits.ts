import { AppError, AppErrorCode, sha256Hex } from '@formwell/core';

import type { ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { clientAddressBucket } from './client-address-bucket.js';
import type { TRateLimitState } from './create-rate-limiter.js';
import { rateLimitRefusal } from './rate-limit-refusal.js';

export type DashboardAuthLimitContext = { req: ApiRequest; res: ApiResponse; services: ApiServices };

/**
 * Dashboard log-in under a failure limit (rule `logIn`): failed attempts are counted per email and
 * per client address; at the limit the next attempt is refused with 429 before the password is
 * even checked, so guessing stops there. Every attempt is counted up front (atomic in Redis, so a
 * burst of parallel guesses cannot slip through) and what did not fail on the credentials is given
 * back. A successful log-in clears the email's failures; the address only gets its own attempt
 * back, so an attacker holding one valid account cannot clear their address's count by signing in.
 */
export async function withLogInLimit<T>(
  { req, res, services }: DashboardAuthLimitContext,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { rateLimiter } = services;
  const emailBucket = `dashboard_login_email_${hashEmail(email)}`;
  const addressBucket = `dashboard_login_ip_${clientAddressBucket(req.ip)}`;
  const buckets = [emailBucket, addressBucket];
  const refundAll = () => Promise.all(buckets.map((bucket) => rateLimiter.refund('logIn', bucket)));

  const states = await Promise.all(buckets.map((bucket) => rateLimiter.consume('logIn', bucket)));
  const refused = longestRefusal(states);
  if (refused) {
    // The refused attempt was never checked: it is no failure of its own.
    await refundAll();
    throw rateLimitRefusal({
      res,
      services,
      state: refused,
      message: `Too many failed log-in attempts; try again in ${waitText(refused)}`,
    });
  }

  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    const badCredentials = AppError.is(error) && error.code === AppErrorCode.UNAUTHORIZED;
    if (!badCredentials) {
      await refundAll();
    }
    throw error;
  }
  await Promise.all([rateLimiter.reset('logIn', emailBucket), rateLimiter.refund('logIn', addressBucket)]);

  return result;
}

/** Dashboard sign-up under a per-client-address limit (rule `signUp`); every attempt counts. */
export async function withSignUpLimit<T>(
  { req, res, services }: DashboardAuthLimitContext,
  attempt: () => Promise<T>,
): Promise<T> {
  const state = await services.rateLimiter.consume(
    'signUp',
    `dashboard_signup_ip_${clientAddressBucket(req.ip)}`,
  );
  if (!state.allowed) {
    throw rateLimitRefusal({
      res,
      services,
      state,
      message: `Too many sign-ups from this network; try again in ${waitText(state)}`,
    });
  }

  return attempt();
}

/** Redis keys hold a digest, not the address a user typed (no personal data in the limiter). */
function hashEmail(email: string): string {
  return sha256Hex(email.trim().toLowerCase()).slice(0, 32);
}

function longestRefusal(states: TRateLimitState[]): TRateLimitState | null {
  return states
    .filter((state) => !state.allowed)
    .reduce<TRateLimitState | null>(
      (longest, state) => (!longest || state.msBeforeReset > longest.msBeforeReset ? state : longest),
      null,
    );
}

function waitText(state: TRateLimitState): string {
  const seconds = Math.max(1, Math.ceil(state.msBeforeReset / 1000));
  if (seconds < 60) {
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);

  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
