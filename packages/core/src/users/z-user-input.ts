import { z } from 'zod';

import { USER_ROLES } from '@formwell/db';

import { PLANS } from '../config/plans.js';

export const ZEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email address' }));

export const ZPasswordSchema = z.string().min(8, 'Password must be at least 8 characters').max(200);

export const ZPlanSchema = z.enum(PLANS);

export const ZRoleSchema = z.enum(USER_ROLES);

export const ZSignUpInputSchema = z.object({
  email: ZEmailSchema,
  password: ZPasswordSchema,
  name: z.string().trim().max(200).optional(),
});

export type TSignUpInput = z.infer<typeof ZSignUpInputSchema>;

export const ZLogInInputSchema = z.object({ email: ZEmailSchema, password: z.string().min(1).max(200) });

export type TLogInInput = z.infer<typeof ZLogInInputSchema>;
