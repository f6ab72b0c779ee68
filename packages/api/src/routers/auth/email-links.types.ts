import { ZCheckInboxSchema, ZClearedAccessSchema } from '@formwell/core';
import { z } from 'zod';

/** The token of an emailed link, as the dashboard page read it from the link's fragment. */
export const ZLinkTokenSchema = z.string().min(1).max(200);

export const ZVerifyEmailRequestSchema = z.object({ token: ZLinkTokenSchema });

export const ZVerifyEmailResponseSchema = z.object({ email: z.string(), emailVerified: z.literal(true) });

export const ZRequestPasswordResetRequestSchema = z.object({ email: z.string().max(320) });

export const ZRequestPasswordResetResponseSchema = ZCheckInboxSchema;

export const ZResetPasswordRequestSchema = z.object({
  token: ZLinkTokenSchema,
  password: z.string().max(200),
});

/** `cleared`: what a first proof of the address removed (see core's resetPassword); null otherwise. */
export const ZResetPasswordResponseSchema = z.object({
  email: z.string(),
  cleared: ZClearedAccessSchema.nullable(),
});
