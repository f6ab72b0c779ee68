import type { TFormRecord } from '@formwell/db';

import { FORM_TYPE_DISPLAY, formTypeSpecific, type TFormType } from './form-types.js';
import type { TFormField } from './z-form-field.js';

/** The Form object of GET /api/v1/forms/{formId} (service-interface "Form"). */
export type TFormView = {
  id: string;
  name: string;
  title: string;
  description: string;
  formType: TFormType;
  formTypeDisplay: string;
  createdAt: string;
  updatedAt: string;
  submissionCount: number;
  fields: TFormField[];
  emailSettings: { enabled: boolean; developerNotificationsEnabled: boolean };
  usersJoinedSettings: { enabled: boolean; count: number } | null;
  formTypeSpecific: Record<string, unknown>;
};

export function toFormView(record: TFormRecord): TFormView {
  const usersJoined = record.settings.usersJoined;
  const formType = record.formType as TFormType;

  return {
    id: record.id,
    name: record.name,
    title: record.name,
    description: record.description,
    formType,
    formTypeDisplay: FORM_TYPE_DISPLAY[formType],
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    submissionCount: record.submissionCount,
    fields: record.fields as TFormField[],
    emailSettings: {
      enabled: record.emailSettings.enabled,
      developerNotificationsEnabled: record.emailSettings.developerNotificationsEnabled,
    },
    // Null unless the feature is set up and enabled (interface, get form rule 3).
    usersJoinedSettings: usersJoined?.enabled ? { enabled: true, count: record.submissionCount } : null,
    formTypeSpecific: formTypeSpecific(formType),
  };
}
