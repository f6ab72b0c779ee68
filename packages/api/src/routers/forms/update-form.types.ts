import { ZFormDetailSchema, ZUpdateFormInputSchema } from '@formwell/core';
import { z } from 'zod';

/** The id at the top level, the changes in `data`, so an id can never be changed by an update. */
export const ZUpdateFormRequestSchema = z.object({ id: z.string().max(64), data: ZUpdateFormInputSchema });

export const ZUpdateFormResponseSchema = ZFormDetailSchema;
