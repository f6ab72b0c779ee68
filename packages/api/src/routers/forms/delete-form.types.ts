import { z } from 'zod';

export const ZDeleteFormRequestSchema = z.object({ id: z.string().max(64) });

export const ZDeleteFormResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
