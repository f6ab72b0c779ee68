import type { TFormSummaryRecord } from '@formwell/db';
import { z } from 'zod';

import { ZFormTypeSchema, type TFormType } from './form-types.js';

/** Element of the forms list: the summary, without fields or settings. */
export const ZFormListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    formType: ZFormTypeSchema,
    submissionCount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FormListItem' });

export type TFormListItem = z.infer<typeof ZFormListItemSchema>;

export function toFormListItem(record: TFormSummaryRecord): TFormListItem {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    formType: record.formType as TFormType,
    submissionCount: record.submissionCount,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
