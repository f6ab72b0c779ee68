import { ZMemberWorkspaceViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZListWorkspacesRequestSchema = z.void();

/**
 * The signed-in user's workspaces (the switcher), and the one the session acts in with what its
 * role allows, so the dashboard shows only the controls the server would accept.
 */
export const ZListWorkspacesResponseSchema = z.object({
  workspaces: z.array(ZMemberWorkspaceViewSchema),
  current: ZMemberWorkspaceViewSchema.pick({ id: true, role: true }).extend({
    can: z.object({ write: z.boolean(), members: z.boolean(), billing: z.boolean() }),
  }),
});
