import { ZAssignableRoleSchema, ZMemberViewSchema, ZWorkspaceRoleSchema } from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

/** The members of the session's current workspace. */
export const ZListMembersRequestSchema = z.void();
export const ZListMembersResponseSchema = z.object({ members: z.array(ZMemberViewSchema) });

/** A member of the session's current workspace, by account id. */
const ZMemberRequestSchema = z.object({ userId: ZIdParamSchema });

/** `owner` is refused by core with its own text (the ownership moves only by a transfer). */
export const ZChangeMemberRoleRequestSchema = ZMemberRequestSchema.extend({ role: ZWorkspaceRoleSchema });
export const ZChangeMemberRoleResponseSchema = z.object({
  workspaceId: z.string(),
  userId: z.string(),
  role: ZAssignableRoleSchema,
});

export const ZRemoveMemberRequestSchema = ZMemberRequestSchema;
export const ZLeaveWorkspaceRequestSchema = z.void();
export const ZRemoveMemberResponseSchema = z.object({
  workspaceId: z.string(),
  userId: z.string(),
  removed: z.literal(true),
});

export const ZTransferOwnershipRequestSchema = ZMemberRequestSchema;
export const ZTransferOwnershipResponseSchema = z.object({ workspaceId: z.string(), ownerId: z.string() });
