import {
  fileStorageFor,
  formRepository,
  workspaceRepository,
  type TFileStorage,
  type TFormRecord,
} from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import type { TPlan, TPlanLimits } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { formNotFound, loadOwnedForm } from '../forms/load-owned-form.js';
import type { TFormField } from '../forms/z-form-field.js';
import { publicSubmissionsOff } from '../public-forms/check-form-captcha.js';

const MB = 1024 * 1024;

/** The rules one file field sets for the files sent to it. */
export type TFileFieldRules = { accept: string[] | undefined; maxBytes: number; multiple: number };

/**
 * Everything an upload is checked against, known before its first byte is stored: the tenant
 * whose storage it uses, the form's file fields with their limits, the plan's storage limit (its
 * bytes are claimed against it as they arrive), and the store.
 */
export type TUploadTarget = {
  workspaceId: string;
  formId: string;
  fileFields: Map<string, TFileFieldRules>;
  storageLimitBytes: number;
  storage: TFileStorage;
};

export function planAllowsFiles(limits: Pick<TPlanLimits, 'maxFileSizeMb'>): boolean {
  return limits.maxFileSizeMb > 0;
}

export function fileUploadsPlanError(): AppError {
  return new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.FILE_UPLOADS_PLAN });
}

/** The per-file limit of a field: its own `maxSizeMb`, never above the plan's. */
function fieldRules(field: TFormField, limits: TPlanLimits): TFileFieldRules {
  const own = field.maxSizeMb ?? limits.maxFileSizeMb;

  return {
    accept: field.accept,
    maxBytes: Math.min(own, limits.maxFileSizeMb) * MB,
    multiple: field.multiple ?? 1,
  };
}

function targetOf({
  config,
  workspaceId,
  plan,
  formId,
  fields,
}: {
  config: TCoreConfig;
  workspaceId: string;
  plan: TPlan;
  formId: string;
  fields: TFormField[];
}): TUploadTarget {
  const limits = config.plans[plan];
  const fileFields = new Map(
    fields.filter((field) => field.type === 'file').map((field) => [field.name, fieldRules(field, limits)]),
  );
  // A form without file fields answers as before uploads existed (the caller's 415); one with
  // them, after a downgrade, is refused for the plan.
  if (fileFields.size > 0 && !planAllowsFiles(limits)) {
    throw fileUploadsPlanError();
  }

  return {
    workspaceId,
    formId,
    fileFields,
    storageLimitBytes: limits.maxStorageMb * MB,
    storage: fileStorageFor(config.files),
  };
}

/**
 * The target of a keyed upload (`/api/v1/forms/submit`): the key's own form (404, or 403 for
 * another user's, as the submit answers) on a plan with uploads (403).
 */
export async function keyedUploadTarget({
  config,
  user,
  formId,
  loadedForm,
}: {
  config: TCoreConfig;
  user: { id: string; plan: TPlan };
  formId: string;
  /** The same form, when this request already read it for the key's tenant (embed-key checks). */
  loadedForm?: Pick<TFormRecord, 'id' | 'fields'>;
}): Promise<TUploadTarget> {
  const form = loadedForm ?? (await loadOwnedForm({ userId: user.id, formId, foreign: 'forbidden' }));

  return targetOf({
    config,
    workspaceId: user.id,
    plan: user.plan,
    formId: form.id,
    fields: form.fields as TFormField[],
  });
}

/** The target of an upload to a form's keyless endpoint (`/f/{formId}`): a form that opted in (404). */
export async function publicUploadTarget({
  config,
  formId,
}: {
  config: TCoreConfig;
  formId: string;
}): Promise<TUploadTarget> {
  const form = await formRepository.findForPublicSubmit({ formId });
  if (!form) {
    throw formNotFound();
  }
  if (!form.publicSubmissions.enabled) {
    throw publicSubmissionsOff();
  }
  const owner = await workspaceRepository.findById({ workspaceId: form.userId });
  if (!owner) {
    throw formNotFound();
  }

  return targetOf({
    config,
    workspaceId: owner.id,
    plan: owner.plan,
    formId: form.id,
    fields: form.fields as TFormField[],
  });
}
