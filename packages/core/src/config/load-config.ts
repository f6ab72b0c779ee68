import {
  buildBillingAccountConfig,
  readStripePriceIds,
  type TBillingAccountConfig,
  type TPaidPlan,
} from '../billing-account/billing-account-config.js';
import type { TFileStorageSettings } from '@formwell/db';

import { buildFileStorageConfig } from '../files/file-storage-config.js';
import { coreEnv, type TCoreEnv } from './env.js';
import { DEFAULT_PLAN_LIMITS, PLANS, type TPlan, type TPlanLimits } from './plans.js';
import {
  buildWebhookDeliveryConfig,
  type TWebhookDeliveryConfig,
} from '../webhooks/delivery/webhook-delivery-config.js';
import { buildPublicFormConfig, type TPublicFormConfig } from '../public-forms/public-form-config.js';
import { DEFAULT_RATE_LIMITS, type TRateLimitName, type TRateLimitRule } from './rate-limits.js';

export type TCoreConfig = {
  plans: Record<TPlan, TPlanLimits>;
  rateLimits: Record<TRateLimitName, TRateLimitRule>;
  /** External base URL; the default thank-you page is `${publicUrl}/thank-you`. */
  publicUrl: string;
  /** How many workspaces one account may own (its personal one included) when it creates another. */
  maxOwnedWorkspaces: number;
  /** Dashboard sign-up: `open` to anyone, `invite` with an invitation only, `closed` (CLI only). */
  signup: 'open' | 'invite' | 'closed';
  /** Lower-case header name carrying a trusted country code (e.g. `cf-ipcountry`), if any. */
  trustedCountryHeader: string | null;
  /** MMDB country database for the GeoIP step of the submission country; null = the bundled one. */
  geoipDbPath: string | null;
  /** Outbound webhook delivery: SSRF guard switch, timeout, retry schedule, auto-disable window. */
  webhooks: TWebhookDeliveryConfig;
  /** Stripe secret key, API base, price ids and return URL; null when billing is not configured. */
  billing: TBillingAccountConfig | null;
  /** Stripe price id per paid plan (those configured): how payment events name their plan. */
  stripePriceIds: Partial<Record<TPaidPlan, string>>;
  /** The keyless HTML endpoint: CAPTCHA verification URLs and deadline. */
  publicForms: TPublicFormConfig;
  /** Where uploaded files are stored (GridFS by default, or an S3-compatible store). */
  files: TFileStorageSettings;
};

export type LoadConfigOptions = { env: Record<string, string | undefined> };

/**
 * Every workspace starts on FREE with its own quota: without a ceiling one account could multiply
 * the free quota by creating workspaces. Ten leaves room for real teams and clients.
 */
const DEFAULT_MAX_OWNED_WORKSPACES = 10;

const RATE_LIMIT_ENV: Record<TRateLimitName, keyof TCoreEnv> = {
  formsList: 'RATE_LIMIT_FORMS_LIST',
  getForm: 'RATE_LIMIT_GET_FORM',
  submissionsList: 'RATE_LIMIT_SUBMISSIONS_LIST',
  analytics: 'RATE_LIMIT_ANALYTICS',
  usersJoined: 'RATE_LIMIT_USERS_JOINED',
  submit: 'RATE_LIMIT_SUBMIT',
  webhooksManage: 'RATE_LIMIT_WEBHOOKS_MANAGE',
  formsManage: 'RATE_LIMIT_FORMS_MANAGE',
  logIn: 'RATE_LIMIT_LOGIN',
  logInPerEmail: 'RATE_LIMIT_LOGIN_PER_EMAIL',
  signUp: 'RATE_LIMIT_SIGNUP',
  accountEmail: 'RATE_LIMIT_ACCOUNT_EMAIL',
  accountEmailPerAddress: 'RATE_LIMIT_ACCOUNT_EMAIL_PER_ADDRESS',
  accountEmailPerRecipient: 'RATE_LIMIT_ACCOUNT_EMAIL_PER_RECIPIENT',
  invitationsPerInviter: 'RATE_LIMIT_INVITATIONS_PER_INVITER',
  recipientLinksPerWorkspace: 'RATE_LIMIT_RECIPIENT_LINKS_PER_WORKSPACE',
  badApiKey: 'RATE_LIMIT_BAD_API_KEY',
  publicSubmit: 'RATE_LIMIT_PUBLIC_SUBMIT',
};

function parseRule(name: string, value: unknown, fallback: TRateLimitRule): TRateLimitRule {
  if (typeof value !== 'string') {
    return fallback;
  }
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match) {
    throw new Error(`${name} must look like "100/60" (requests/seconds), got "${value}"`);
  }

  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

/**
 * The email features with the operator's gate lifted (`EMAIL_PLAN_GATES=off`): every plan gets the
 * confirmation and the notification, capped per hour as on the plan that has them.
 */
function emailFeatures(env: TCoreEnv): Partial<TPlanLimits> {
  if (env.EMAIL_PLAN_GATES !== 'off') {
    return {};
  }

  return {
    emailSettings: true,
    developerNotifications: true,
    developerNotificationsPerHour: DEFAULT_PLAN_LIMITS.PRO.developerNotificationsPerHour,
  };
}

function planLimits(env: TCoreEnv, plan: TPlan): TPlanLimits {
  const base = DEFAULT_PLAN_LIMITS[plan];

  return {
    ...base,
    ...emailFeatures(env),
    maxForms: env[`PLAN_${plan}_MAX_FORMS`] ?? base.maxForms,
    monthlySubmissions: env[`PLAN_${plan}_MONTHLY_SUBMISSIONS`] ?? base.monthlySubmissions,
    maxWebhooksPerForm: env[`PLAN_${plan}_MAX_WEBHOOKS_PER_FORM`] ?? base.maxWebhooksPerForm,
    maxFileSizeMb: env[`PLAN_${plan}_MAX_FILE_SIZE_MB`] ?? base.maxFileSizeMb,
    maxStorageMb: env[`PLAN_${plan}_MAX_STORAGE_MB`] ?? base.maxStorageMb,
  };
}

/**
 * Plans, quotas, rate limits and the public URL from already validated variables. An app validates
 * its whole environment once (its schema includes `ZCoreEnvSchema`) and hands the result here, so
 * core never reads the environment itself and every setting has one source.
 */
export function buildCoreConfig(parsed: TCoreEnv): TCoreConfig {
  const rateLimits = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => {
      const envName = RATE_LIMIT_ENV[name as TRateLimitName];

      return [name, parseRule(envName, parsed[envName], rule)];
    }),
  ) as Record<TRateLimitName, TRateLimitRule>;

  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT ?? 3000}`).replace(/\/+$/, '');

  return {
    plans: Object.fromEntries(PLANS.map((plan) => [plan, planLimits(parsed, plan)])) as Record<
      TPlan,
      TPlanLimits
    >,
    rateLimits,
    publicUrl,
    maxOwnedWorkspaces: parsed.MAX_OWNED_WORKSPACES ?? DEFAULT_MAX_OWNED_WORKSPACES,
    signup: parsed.SIGNUP ?? 'open',
    trustedCountryHeader: parsed.TRUSTED_COUNTRY_HEADER?.toLowerCase() ?? null,
    geoipDbPath: parsed.GEOIP_DB_PATH ?? null,
    webhooks: buildWebhookDeliveryConfig(parsed, publicUrl),
    billing: buildBillingAccountConfig(parsed, publicUrl),
    stripePriceIds: readStripePriceIds(parsed),
    publicForms: buildPublicFormConfig(parsed),
    files: buildFileStorageConfig(parsed),
  };
}

/** Validates raw variables (strings) and builds the configuration; a bad override throws with its name. */
export function loadConfig({ env }: LoadConfigOptions): TCoreConfig {
  return buildCoreConfig(coreEnv(env));
}
