import { ZWorkspaceRoleSchema } from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZSwitchWorkspaceRequestSchema = z.object({ workspaceId: ZIdParamSchema });

export const ZSwitchWorkspaceResponseSchema = z.object({
  workspaceId: z.string(),
  role: ZWorkspaceRoleSchema,
});
