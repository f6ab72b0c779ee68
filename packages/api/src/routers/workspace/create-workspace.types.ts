import { ZWorkspaceViewSchema } from '@formwell/core';
import { z } from 'zod';

/** The name is checked by core (1 to 100 characters once trimmed). */
export const ZCreateWorkspaceRequestSchema = z.object({ name: z.string().max(200) });

export const ZCreateWorkspaceResponseSchema = ZWorkspaceViewSchema;
