import { z } from 'zod';

import { ZUserSchema } from '../../schemas/z-user.js';

export const ZLogInRequestSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(200),
});

export const ZLogInResponseSchema = z.object({ user: ZUserSchema });

export type TLogInRequest = z.infer<typeof ZLogInRequestSchema>;
