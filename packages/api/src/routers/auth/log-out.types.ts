import { z } from 'zod';

export const ZLogOutRequestSchema = z.void();

export const ZLogOutResponseSchema = z.object({ success: z.literal(true) });
