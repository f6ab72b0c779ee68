import { USER_PLANS, type TPlanName } from '@formwell/db';
import { z } from 'zod';

/** The plans, as stored on the user (the list lives with the model that enforces it). */
export const PLANS = USER_PLANS;

export type TPlan = TPlanName;

/** What a plan allows; the dashboard gets its user's (getMe) to show what is off-limits. */
export const ZPlanLimitsSchema = z.object({
  maxForms: z.number(),
  /** Submissions per UTC calendar month; also the user's default `quotaLimit`. */
  monthlySubmissions: z.number(),
  maxWebhooksPerForm: z.number(),
  analytics: z.enum(['none', 'base', 'pro']),
  emailSettings: z.boolean(),
  developerNotifications: z.boolean(),
  /** Developer notification emails per hour per form (PRO only). */
  developerNotificationsPerHour: z.number(),
  customRedirect: z.boolean(),
  /** Largest uploaded file in MB (1 MB = 1,048,576 bytes); 0 = no file fields on this plan. */
  maxFileSizeMb: z.number(),
  /** Sum of the stored files' sizes a workspace may keep, in MB. */
  maxStorageMb: z.number(),
});

export type TPlanLimits = z.infer<typeof ZPlanLimitsSchema>;

/** The plans' default limits (the table in docs/architecture.md); `loadConfig` applies environment overrides on top. */
export const DEFAULT_PLAN_LIMITS: Record<TPlan, TPlanLimits> = {
  FREE: {
    maxForms: 1,
    monthlySubmissions: 200,
    maxWebhooksPerForm: 1,
    analytics: 'none',
    emailSettings: false,
    developerNotifications: false,
    developerNotificationsPerHour: 0,
    customRedirect: false,
    maxFileSizeMb: 0,
    maxStorageMb: 0,
  },
  STANDARD: {
    maxForms: 5,
    monthlySubmissions: 5000,
    maxWebhooksPerForm: 5,
    analytics: 'base',
    emailSettings: true,
    developerNotifications: false,
    developerNotificationsPerHour: 0,
    customRedirect: true,
    maxFileSizeMb: 10,
    maxStorageMb: 1024,
  },
  PRO: {
    maxForms: 10,
    monthlySubmissions: 10000,
    maxWebhooksPerForm: 10,
    analytics: 'pro',
    emailSettings: true,
    developerNotifications: true,
    developerNotificationsPerHour: 100,
    customRedirect: true,
    maxFileSizeMb: 25,
    maxStorageMb: 10 * 1024,
  },
};
