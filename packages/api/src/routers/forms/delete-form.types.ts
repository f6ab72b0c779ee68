import { z } from 'zod';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZDeleteFormRequestSchema = z.object({ id: ZIdParamSchema });

export const ZDeleteFormResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
