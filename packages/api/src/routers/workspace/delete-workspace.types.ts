import { ZDeleteWorkspaceInputSchema, ZDeleteWorkspaceResultSchema } from '@formwell/core';

import { ZIdParamSchema } from '../../schemas/z-query.js';

/** The workspace to delete (the one the page shows), and its name typed again. */
export const ZDeleteWorkspaceRequestSchema = ZDeleteWorkspaceInputSchema.extend({
  workspaceId: ZIdParamSchema,
});

export const ZDeleteWorkspaceResponseSchema = ZDeleteWorkspaceResultSchema;
