import { existsSync } from 'node:fs';

import { z } from 'zod';

import { ZBillingAccountEnvSchema } from '../billing-account/billing-account-config.js';
import { ZBillingWebhookEnvSchema } from '../billing/billing-env.js';
import { ZFileStorageEnvSchema } from '../files/file-storage-config.js';
import { ZMetricsEnvSchema } from '../metrics/metrics-env.js';
import { ZMigrationEnvSchema } from '../migrations/migration-env.js';
import { ZPublicFormEnvSchema } from '../public-forms/public-form-config.js';
import { ZWebhookDeliveryEnvSchema } from '../webhooks/delivery/webhook-delivery-config.js';

const ZOptionalInt = z.coerce.number().int().positive().optional();
/** Like ZOptionalInt, but 0 is a limit too (the feature is off). */
const ZOptionalCount = z.coerce.number().int().min(0).optional();

/** Environment overrides of core's configuration; every variable is optional. */
export const ZCoreEnvSchema = z.object({
  // 0 is allowed: "any free port", as tests and the bench start the server.
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  PUBLIC_URL: z.url().optional(),
  /** Who may create an account in the dashboard: anyone, invitees only, or nobody (operator CLI). */
  SIGNUP: z.enum(['open', 'invite', 'closed']).optional(),
  TRUSTED_COUNTRY_HEADER: z.string().min(1).optional(),
  /** An MMDB country database (e.g. GeoLite2-Country) instead of the bundled one. */
  GEOIP_DB_PATH: z
    .string()
    .min(1)
    .refine((path) => existsSync(path), 'no such file')
    .optional(),
  /**
   * `off` lifts the plan gates of the submitter's confirmation (STANDARD) and the owner
   * notification (PRO) for every plan: for a private install where plans mean nothing.
   */
  EMAIL_PLAN_GATES: z.enum(['on', 'off']).optional(),
  /** Workspaces one account may own (default 10) before creating another is refused. */
  MAX_OWNED_WORKSPACES: ZOptionalInt,
  PLAN_FREE_MAX_FORMS: ZOptionalInt,
  PLAN_STANDARD_MAX_FORMS: ZOptionalInt,
  PLAN_PRO_MAX_FORMS: ZOptionalInt,
  PLAN_FREE_MONTHLY_SUBMISSIONS: ZOptionalInt,
  PLAN_STANDARD_MONTHLY_SUBMISSIONS: ZOptionalInt,
  PLAN_PRO_MONTHLY_SUBMISSIONS: ZOptionalInt,
  PLAN_FREE_MAX_WEBHOOKS_PER_FORM: ZOptionalInt,
  PLAN_STANDARD_MAX_WEBHOOKS_PER_FORM: ZOptionalInt,
  PLAN_PRO_MAX_WEBHOOKS_PER_FORM: ZOptionalInt,
  /** Upload limits in MB (1 MB = 1,048,576 bytes); 0 on FREE turns file fields off. */
  PLAN_FREE_MAX_FILE_SIZE_MB: ZOptionalCount,
  PLAN_STANDARD_MAX_FILE_SIZE_MB: ZOptionalCount,
  PLAN_PRO_MAX_FILE_SIZE_MB: ZOptionalCount,
  PLAN_FREE_MAX_STORAGE_MB: ZOptionalCount,
  PLAN_STANDARD_MAX_STORAGE_MB: ZOptionalCount,
  PLAN_PRO_MAX_STORAGE_MB: ZOptionalCount,
  /** `limit/windowSeconds`, e.g. `100/60`. */
  RATE_LIMIT_FORMS_LIST: z.string().optional(),
  RATE_LIMIT_GET_FORM: z.string().optional(),
  RATE_LIMIT_SUBMISSIONS_LIST: z.string().optional(),
  RATE_LIMIT_ANALYTICS: z.string().optional(),
  RATE_LIMIT_USERS_JOINED: z.string().optional(),
  RATE_LIMIT_SUBMIT: z.string().optional(),
  /** Webhook endpoint management per API key. */
  RATE_LIMIT_WEBHOOKS_MANAGE: z.string().optional(),
  RATE_LIMIT_FORMS_MANAGE: z.string().optional(),
  /** Failed dashboard log-ins per client IP, e.g. `10/900`. */
  RATE_LIMIT_LOGIN: z.string().optional(),
  /** Failed dashboard log-ins per email from all addresses, e.g. `100/900`. */
  RATE_LIMIT_LOGIN_PER_EMAIL: z.string().optional(),
  /** Dashboard sign-ups per client IP, e.g. `20/3600`. */
  RATE_LIMIT_SIGNUP: z.string().optional(),
  /** Emailed links per recipient asked from one client address, e.g. `5/3600`. */
  RATE_LIMIT_ACCOUNT_EMAIL: z.string().optional(),
  /** Emailed links per recipient from all addresses, e.g. `30/3600`. */
  RATE_LIMIT_ACCOUNT_EMAIL_PER_RECIPIENT: z.string().optional(),
  RATE_LIMIT_ACCOUNT_EMAIL_PER_ADDRESS: z.string().optional(),
  RATE_LIMIT_INVITATIONS_PER_INVITER: z.string().optional(),
  RATE_LIMIT_RECIPIENT_LINKS_PER_WORKSPACE: z.string().optional(),
  /** Requests with an unknown or revoked API key per client IP, e.g. `30/60`. */
  RATE_LIMIT_BAD_API_KEY: z.string().optional(),
  ...ZWebhookDeliveryEnvSchema.shape,
  ...ZBillingAccountEnvSchema.shape,
  ...ZBillingWebhookEnvSchema.shape,
  ...ZPublicFormEnvSchema.shape,
  ...ZMigrationEnvSchema.shape,
  ...ZMetricsEnvSchema.shape,
  ...ZFileStorageEnvSchema.shape,
});

export type TCoreEnv = z.infer<typeof ZCoreEnvSchema>;

/** Parsed once per call; a bad value fails loudly at boot rather than at the first request. */
export function coreEnv(source: Record<string, string | undefined>): TCoreEnv {
  return ZCoreEnvSchema.parse(source);
}
