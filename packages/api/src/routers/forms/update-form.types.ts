import { ZFormDetailSchema, ZUpdateFormInputSchema } from '@formwell/core';
import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

/** The id at the top level, the changes in `data`, so an id can never be changed by an update. */
export const ZUpdateFormRequestSchema = z.object({ id: ZIdParamSchema, data: ZUpdateFormInputSchema });

export const ZUpdateFormResponseSchema = ZFormDetailSchema;
