import { AppError, AppErrorCode, sha256Hex } from '@formwell/core';

import type { ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { clientAddressBucket } from './client-address-bucket.js';
import type { TRateLimitState } from './create-rate-limiter.js';
import { rateLimitRefusal } from './rate-limit-refusal.js';

/** A limiter rule and the bucket it counts in. */
type TLogInBucket = [rule: 'logIn' | 'logInPerEmail', bucketId: string];

export type DashboardAuthLimitContext = { req: ApiRequest; res: ApiResponse; services: ApiServices };

/**
 * Dashboard log-in under failure limits: failed attempts are counted per client address (rule
 * `logIn`) and per email from every address (rule `logInPerEmail`, much higher). At the limit of
 * either, the next attempt is refused with 429 before the password is even checked, so guessing
 * stops there. The email's own ceiling is high because a low one would let anyone lock an account
 * they know the email of, from one address, with a few wrong passwords; one address is stopped by
 * its own bucket long before it, and a guess spread over many addresses still meets it (locking an
 * account then takes that many addresses). Every attempt is counted up front (atomic in Redis, so a burst of
 * parallel guesses cannot slip through) and what did not fail on the credentials is given back. A
 * successful log-in clears the email's failures; the address only gets its own attempt back, so an
 * attacker holding one valid account cannot clear their address's count by signing in.
 */
export async function withLogInLimit<T>(
  { req, res, services }: DashboardAuthLimitContext,
  email: string,
  attempt: () => Promise<T>,
  /** What counts as a wrong password: the log-in's 401, or a password change's own refusal. */
  wrongPassword: (error: AppError) => boolean = (error) => error.code === AppErrorCode.UNAUTHORIZED,
): Promise<T> {
  const { rateLimiter } = services;
  const fromAddress: TLogInBucket = ['logIn', `dashboard_login_ip_${clientAddressBucket(req.ip)}`];
  const forEmail: TLogInBucket = ['logInPerEmail', `dashboard_login_email_${hashEmail(email)}`];
  const buckets = [fromAddress, forEmail];
  const refundAll = () => Promise.all(buckets.map(([rule, bucket]) => rateLimiter.refund(rule, bucket)));

  const states = await Promise.all(buckets.map(([rule, bucket]) => rateLimiter.consume(rule, bucket)));
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
    const badCredentials = AppError.is(error) && wrongPassword(error);
    if (!badCredentials) {
      await refundAll();
    }
    throw error;
  }
  await Promise.all([rateLimiter.reset(...forEmail), rateLimiter.refund(...fromAddress)]);

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

/**
 * A request that emails a link (sign-up, password reset, verification again, an invitation) under
 * three limits. First per client address (rule `accountEmailPerAddress`): beyond it, 429. Then per
 * recipient, counted under the typed address whether or not it has an account: what this client
 * address asked for it (rule `accountEmail`), and, only for requests within that, what every
 * address did (rule `accountEmailPerRecipient`, higher). So one address cannot use up a person's
 * links by asking for them (it stops at its own count), and nobody fills an inbox through us.
 *
 * Over a recipient limit, a caller that gives `quietAnswer` answers with it and sends nothing: a
 * request anyone can make about anyone's address (the password reset) then looks the same
 * whatever others asked for, and a 429 cannot tell that someone did. Without it, 429.
 */
export async function withAccountEmailLimit<T>(
  { req, res, services }: DashboardAuthLimitContext,
  email: string,
  attempt: () => Promise<T>,
  quietAnswer?: () => T,
): Promise<T> {
  const { rateLimiter } = services;
  const address = clientAddressBucket(req.ip);
  const fromAddress = await rateLimiter.consume(
    'accountEmailPerAddress',
    `dashboard_account_email_ip_${address}`,
  );
  const recipient = hashEmail(email);
  const fromHere = fromAddress.allowed
    ? await rateLimiter.consume('accountEmail', `dashboard_account_email_${recipient}_ip_${address}`)
    : null;
  const everywhere = fromHere?.allowed
    ? await rateLimiter.consume('accountEmailPerRecipient', `dashboard_account_email_${recipient}`)
    : null;
  const refused = [fromAddress, fromHere, everywhere].find((state) => state !== null && !state.allowed);
  if (!refused) {
    return attempt();
  }
  if (refused !== fromAddress && quietAnswer) {
    return quietAnswer();
  }
  throw rateLimitRefusal({
    res,
    services,
    state: refused,
    message: `Too many emails asked for; try again in ${waitText(refused)}`,
  });
}

/**
 * An invitation, which emails a link to someone else: first under the inviter's own hourly limit
 * (rule `invitationsPerInviter`, per account, from wherever they work), then as any emailed link
 * under the recipient's and the client address's limits. Every request counts.
 */
export function withInvitationLimit<T>(
  ctx: DashboardAuthLimitContext,
  { inviterId, email }: { inviterId: string; email: string },
  attempt: () => Promise<T>,
): Promise<T> {
  return withSenderLimit(
    ctx,
    { rule: 'invitationsPerInviter', bucket: `dashboard_invitations_${inviterId}`, what: 'invitations' },
    email,
    attempt,
  );
}

/**
 * Counts a confirmation link to a form's extra recipient (added, or sent again), 429 past a limit:
 * first the workspace's hourly limit (rule `recipientLinksPerWorkspace`, whoever of it asks, by
 * session or key), then as any emailed link the recipient's and the client address's limits. Called
 * once the request has passed every other check, just before the link is made and mailed.
 */
export function takeRecipientLinkSlot(
  ctx: DashboardAuthLimitContext,
  { workspaceId, email }: { workspaceId: string; email: string },
): Promise<void> {
  return withSenderLimit(
    ctx,
    {
      rule: 'recipientLinksPerWorkspace',
      bucket: `recipient_links_${workspaceId}`,
      what: 'confirmation links',
    },
    email,
    () => Promise.resolve(),
  );
}

/** A link mailed to someone else: the sender's own limit first, then every emailed link's. */
async function withSenderLimit<T>(
  ctx: DashboardAuthLimitContext,
  sender: { rule: 'invitationsPerInviter' | 'recipientLinksPerWorkspace'; bucket: string; what: string },
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { res, services } = ctx;
  const state = await services.rateLimiter.consume(sender.rule, sender.bucket);
  if (!state.allowed) {
    throw rateLimitRefusal({
      res,
      services,
      state,
      message: `Too many ${sender.what} sent; try again in ${waitText(state)}`,
    });
  }

  return withAccountEmailLimit(ctx, email, attempt);
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
