import { USER_PLANS, type TPlanName } from '@formwell/db';

/** The plans, as stored on the user (the list lives with the model that enforces it). */
export const PLANS = USER_PLANS;

export type TPlan = TPlanName;

export type TPlanLimits = {
  maxForms: number;
  /** Submissions per UTC calendar month; also the user's default `quotaLimit`. */
  monthlySubmissions: number;
  maxWebhooksPerForm: number;
  analytics: 'none' | 'base' | 'pro';
  emailSettings: boolean;
  developerNotifications: boolean;
  /** Developer notification emails per hour per form (PRO only). */
  developerNotificationsPerHour: number;
  customRedirect: boolean;
  /** Largest uploaded file in MB (1 MB = 1,048,576 bytes); 0 = no file fields on this plan. */
  maxFileSizeMb: number;
  /** Sum of the stored files' sizes a workspace may keep, in MB. */
  maxStorageMb: number;
};

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
