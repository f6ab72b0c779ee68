import { ZDeleteAccountInputSchema, ZSubmissionViewSchema, ZSubmitterInputSchema } from '@formwell/core';
import { z } from 'zod';

export const ZExportAccountRequestSchema = z.void();

/** The archive, gzip'd JSON in base64, and the file name the dashboard offers it under. */
export const ZExportAccountResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/gzip'),
  base64: z.string(),
});

export const ZDeleteAccountRequestSchema = ZDeleteAccountInputSchema;

export const ZDeleteAccountResponseSchema = z.object({
  id: z.string(),
  deleted: z.literal(true),
  removed: z.record(z.string(), z.number()),
});

export const ZSubmitterRequestSchema = ZSubmitterInputSchema;

export const ZFindSubmitterResponseSchema = z.object({
  email: z.string(),
  submissions: z.array(ZSubmissionViewSchema),
});

export const ZEraseSubmitterResponseSchema = z.object({
  email: z.string(),
  submissionsDeleted: z.number(),
  emailsDeleted: z.number(),
});
