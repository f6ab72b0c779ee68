import { ZFormDetailSchema } from '@formwell/core';
import { z } from 'zod';

export const ZGetFormRequestSchema = z.object({ id: z.string().max(64) });

export const ZGetFormResponseSchema = ZFormDetailSchema;
