import { ZPlanSchema, ZUserPlanViewSchema } from '@formwell/core';
import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZSetUserPlanRequestSchema = z.object({
  userId: ZIdParamSchema,
  plan: ZPlanSchema,
  /** Defaults to the plan's monthly submissions. */
  quotaLimit: z.number().int().min(0).max(100_000_000).optional(),
});

export const ZSetUserPlanResponseSchema = ZUserPlanViewSchema;
