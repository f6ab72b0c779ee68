import { ZAssignableRoleSchema, ZInvitationViewSchema, ZWorkspaceRoleSchema } from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

/** The address and role checked again by core (its texts are the ones the CLI answers too). */
export const ZCreateInvitationRequestSchema = z.object({
  email: z.string().max(320),
  role: ZAssignableRoleSchema,
});
export const ZCreateInvitationResponseSchema = ZInvitationViewSchema;

export const ZListInvitationsRequestSchema = z.void();
export const ZListInvitationsResponseSchema = z.object({ invitations: z.array(ZInvitationViewSchema) });

export const ZRevokeInvitationRequestSchema = z.object({ id: ZIdParamSchema });
export const ZRevokeInvitationResponseSchema = z.object({ id: z.string(), revoked: z.literal(true) });

/** The token of the emailed link (as long as core's one-time tokens, with room to spare). */
export const ZAcceptInvitationRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const ZAcceptInvitationResponseSchema = z.object({
  workspaceId: z.string(),
  role: ZWorkspaceRoleSchema,
});
