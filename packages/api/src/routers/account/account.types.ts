import { ZOwnSessionSchema } from '@formwell/core';
import { z } from 'zod';

export const ZChangePasswordRequestSchema = z.object({
  currentPassword: z.string().max(200),
  newPassword: z.string().max(200),
});

export const ZChangePasswordResponseSchema = z.object({ otherSessionsEnded: z.number() });

export const ZListSessionsRequestSchema = z.void();

export const ZListSessionsResponseSchema = z.object({ sessions: z.array(ZOwnSessionSchema) });

export const ZEndOtherSessionsRequestSchema = z.void();

export const ZEndOtherSessionsResponseSchema = z.object({ ended: z.number() });

export const ZResendVerificationRequestSchema = z.void();

/** `sent: false`: the address is verified already, so no link went out. */
export const ZResendVerificationResponseSchema = z.object({ sent: z.boolean() });
