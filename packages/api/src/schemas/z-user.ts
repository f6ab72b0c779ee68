import { z } from 'zod';

/** A user as the dashboard sees it (core's TUserView: never the password hash). */
export const ZUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['OWNER', 'ADMIN']),
  plan: z.enum(['FREE', 'STANDARD', 'PRO']),
  quotaLimit: z.number(),
  stripeCustomerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
