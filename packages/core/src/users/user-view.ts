import { workspaceRepository, type TUserRecord, type TWorkspaceRecord } from '@formwell/db';
import { z } from 'zod';

import { ZPlanSchema, ZRoleSchema } from './z-user-input.js';

/**
 * A user as core hands it out (dashboard, admin): never the password hash; JSON-native dates. The
 * plan, quota and billing customer are those of the user's personal workspace (same id).
 */
export const ZUserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRoleSchema,
  plan: ZPlanSchema,
  quotaLimit: z.number(),
  stripeCustomerId: z.string().nullable(),
  /** Whether the address was proven; mail for the account holder waits until it is. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TUserView = z.infer<typeof ZUserViewSchema>;

export type TRole = TUserView['role'];

/** A user's plan and quota, as a plan change answers. */
export const ZUserPlanViewSchema = ZUserViewSchema.pick({ id: true, plan: true, quotaLimit: true });

export type TUserPlanView = z.infer<typeof ZUserPlanViewSchema>;

/** `personal`: the user's personal workspace; null only for an account caught half-deleted. */
export function toUserView(record: TUserRecord, personal: TWorkspaceRecord | null): TUserView {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    plan: personal?.plan ?? 'FREE',
    quotaLimit: personal?.quotaLimit ?? 0,
    stripeCustomerId: personal?.stripeCustomerId ?? null,
    emailVerified: record.emailVerifiedAt !== null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** The view of one user, reading its personal workspace. */
export async function loadUserView(record: TUserRecord): Promise<TUserView> {
  return toUserView(record, await workspaceRepository.findById({ workspaceId: record.id }));
}

/** The views of a page of users, reading their personal workspaces in one query. */
export async function loadUserViews(records: TUserRecord[]): Promise<TUserView[]> {
  const workspaces = await workspaceRepository.findByIds({
    workspaceIds: records.map((record) => record.id),
  });
  const byId = new Map(workspaces.map((workspace) => [workspace.id, workspace]));

  return records.map((record) => toUserView(record, byId.get(record.id) ?? null));
}
