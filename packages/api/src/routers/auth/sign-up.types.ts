import { ZCheckInboxSchema } from '@formwell/core';
import { z } from 'zod';

export const ZSignUpRequestSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(200),
  name: z.string().max(200).optional(),
  /** The token of the invitation link the visitor came from: what `SIGNUP=invite` asks for. */
  invitationToken: z.string().max(200).optional(),
});

export const ZSignUpResponseSchema = ZCheckInboxSchema;
