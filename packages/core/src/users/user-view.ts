import type { TUserRecord } from '@formwell/db';

import type { TPlan } from '../config/plans.js';

export type TRole = 'OWNER' | 'ADMIN';

/** A user as core hands it out: never the password hash; JSON-native dates. */
export type TUserView = {
  id: string;
  email: string;
  name: string;
  role: TRole;
  plan: TPlan;
  quotaLimit: number;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
};

export function toUserView(record: TUserRecord): TUserView {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    plan: record.plan,
    quotaLimit: record.quotaLimit,
    stripeCustomerId: record.stripeCustomerId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
