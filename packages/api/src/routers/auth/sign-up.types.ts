import { z } from 'zod';

import { ZUserSchema } from '../../schemas/z-user.js';

export const ZSignUpRequestSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(200),
  name: z.string().max(200).optional(),
});

export const ZSignUpResponseSchema = z.object({ user: ZUserSchema });

export type TSignUpRequest = z.infer<typeof ZSignUpRequestSchema>;
