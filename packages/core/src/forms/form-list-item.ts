import type { TFormRecord } from '@formwell/db';

import type { TFormType } from './form-types.js';

/** Element of the forms list (decisions §6). */
export type TFormListItem = {
  id: string;
  name: string;
  description: string;
  formType: TFormType;
  submissionCount: number;
  createdAt: string;
  updatedAt: string;
};

export function toFormListItem(record: TFormRecord): TFormListItem {
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
