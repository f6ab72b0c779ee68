import { ZFormReadSchema } from '@formwell/core';
import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZGetFormRequestSchema = z.object({ id: ZIdParamSchema });

export const ZGetFormResponseSchema = ZFormReadSchema;
