import { ZUserViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZLogInRequestSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(200),
});

export const ZLogInResponseSchema = z.object({ user: ZUserViewSchema });
