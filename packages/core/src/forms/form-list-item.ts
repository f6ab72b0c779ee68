import type { TFormSummaryRecord } from '@formwell/db';
import type { z } from 'zod';

import type { TFormType } from './form-types.js';
import { ZFormViewSchema } from './form-view.js';

/** Element of the forms list: the form's view without fields or settings. */
export const ZFormListItemSchema = ZFormViewSchema.pick({
  id: true,
  name: true,
  description: true,
  formType: true,
  submissionCount: true,
  createdAt: true,
  updatedAt: true,
}).meta({ id: 'FormListItem' });

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
