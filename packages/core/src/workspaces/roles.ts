import { WORKSPACE_ROLES } from '@formwell/db';
import { z } from 'zod';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

export const ZWorkspaceRoleSchema = z.enum(WORKSPACE_ROLES);

/** Roles a member can be given or invited to: the owner role changes hands only by a transfer. */
export const ZAssignableRoleSchema = z.enum(['admin', 'member', 'viewer']);

export type TWorkspaceRole = z.infer<typeof ZWorkspaceRoleSchema>;

export type TAssignableRole = z.infer<typeof ZAssignableRoleSchema>;

/**
 * What each role may do, each including the next: the owner pays, transfers and deletes, admins manage
 * members and invitations, members change forms, keys, webhooks and submissions, viewers read.
 */
export type TWorkspaceAbility = 'billing' | 'members' | 'write' | 'read';

const LEAST_ROLE: Record<TWorkspaceAbility, TWorkspaceRole> = {
  billing: 'owner',
  members: 'admin',
  write: 'member',
  read: 'viewer',
};

const rank = (role: TWorkspaceRole) => WORKSPACE_ROLES.length - WORKSPACE_ROLES.indexOf(role);

export function roleAllows(role: TWorkspaceRole, ability: TWorkspaceAbility): boolean {
  return rank(role) >= rank(LEAST_ROLE[ability]);
}

/** 403 unless `role` may do `ability`. */
export function requireRole(role: TWorkspaceRole, ability: TWorkspaceAbility): void {
  if (!roleAllows(role, ability)) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.ROLE_NOT_ALLOWED });
  }
}
