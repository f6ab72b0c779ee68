import type { TUserRecord } from '@formwell/db';
import { z } from 'zod';

import { ZPlanSchema, ZRoleSchema } from './z-user-input.js';

/** A user as core hands it out (dashboard, admin): never the password hash; JSON-native dates. */
export const ZUserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRoleSchema,
  plan: ZPlanSchema,
  quotaLimit: z.number(),
  stripeCustomerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TUserView = z.infer<typeof ZUserViewSchema>;

export type TRole = TUserView['role'];

/** A user's plan and quota, as a plan change answers. */
export const ZUserPlanViewSchema = ZUserViewSchema.pick({ id: true, plan: true, quotaLimit: true });

export type TUserPlanView = z.infer<typeof ZUserPlanViewSchema>;

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
