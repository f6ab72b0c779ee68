import { z } from 'zod';

/** Where the submitter goes next; `reason` says why a requested URL was not allowed. */
export const ZRedirectSchema = z.object({
  url: z.string(),
  allowed: z.boolean(),
  reason: z.string().optional(),
});

export type TRedirect = z.infer<typeof ZRedirectSchema>;

/** The 201 body of a submit. Bots caught by the honeypot get the same body. */
export const ZSubmitResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal('Form submitted successfully'),
  submissionId: z.string(),
  redirect: ZRedirectSchema,
});

export type TSubmitResponse = z.infer<typeof ZSubmitResponseSchema>;
