import { z } from 'zod';

import { invalidParameter } from '../../errors/invalid-parameter.js';
import { unknownPlaceholders } from './email-placeholders.js';
import { EMAIL_TEMPLATE_KINDS, type TEmailTemplateKind } from './email-template-defaults.js';
import { MAX_SUBJECT_LENGTH } from './render-email-template.js';

const MAX_BODY_LENGTH = 20_000;

/** `{{a}}, {{b}}`: how an error names the placeholders it refuses. */
function listed(names: readonly string[]): string {
  return names.map((name) => `{{${name}}}`).join(', ');
}

/**
 * Why a template part is refused, or null: placeholders the service does not know. The one owner
 * of this text. Both kinds may quote the submitter; the confirmation does so only to a verified
 * submitter (see formEmailTemplate).
 */
export function placeholderProblem(text: string, fieldNames?: readonly string[]): string | null {
  const unknown = unknownPlaceholders(text, fieldNames);

  return unknown.length > 0 ? `Unknown placeholders: ${listed(unknown)}` : null;
}

/**
 * One per-form template as an owner sends it: each part null (or left out) for the built-in one.
 * Its placeholders are checked by assertTemplatePlaceholders, not here: a schema refusal answers
 * the generic "Input validation failed", and the 400 must name the placeholders it refuses.
 */
export const ZEmailTemplateInputSchema = z.object({
  subject: z.string().trim().min(1).max(MAX_SUBJECT_LENGTH).nullable().optional(),
  body: z.string().trim().min(1).max(MAX_BODY_LENGTH).nullable().optional(),
});

/** A template as stored and shown. */
export const ZStoredEmailTemplateSchema = z
  .object({ subject: z.string().nullable(), body: z.string().nullable() })
  .nullable();

type TStoredEmailTemplate = z.infer<typeof ZStoredEmailTemplateSchema>;

const TEMPLATE_SETTING: Record<TEmailTemplateKind, 'notificationTemplate' | 'confirmationTemplate'> = {
  notification: 'notificationTemplate',
  confirmation: 'confirmationTemplate',
};

/** Where a kind's template is kept in the form's email settings. */
function templateSetting(kind: TEmailTemplateKind): 'notificationTemplate' | 'confirmationTemplate' {
  return TEMPLATE_SETTING[kind];
}

type TTemplatePart = { subject?: string | null; body?: string | null } | null | undefined;

/** Throws the 400 naming the placeholders a text refuses (see placeholderProblem), with its path. */
function assertPlaceholders(
  path: string,
  text: string | null | undefined,
  fieldNames: readonly string[] | undefined,
): void {
  const message = placeholderProblem(text ?? '', fieldNames);
  if (message !== null) {
    throw invalidParameter(path, `${path}: ${message}`, message);
  }
}

/**
 * 400 naming them when a template (or the confirmation's older `subject`) uses a placeholder the
 * service does not know. Without `fieldNames` (before the form is
 * read, so a bad placeholder is a 400 before a 404) any `{{field.NAME}}` passes; with them (on
 * create, and on update against the fields the form will have) it must name one of them.
 */
export function assertTemplatePlaceholders({
  emailSettings,
  fieldNames,
}: {
  emailSettings:
    | (Partial<Record<'notificationTemplate' | 'confirmationTemplate', TTemplatePart>> & {
        subject?: string | null;
      })
    | undefined;
  fieldNames?: readonly string[];
}): void {
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    const setting = templateSetting(kind);
    const template = emailSettings?.[setting];
    for (const part of ['subject', 'body'] as const) {
      assertPlaceholders(`emailSettings.${setting}.${part}`, template?.[part], fieldNames);
    }
  }
  // The older setting is the confirmation's subject, so its placeholders are checked as one.
  assertPlaceholders('emailSettings.subject', emailSettings?.subject, fieldNames);
}

/**
 * A template as sent, merged over the stored one: a part left out keeps its stored value, a null
 * part (or a null template) goes back to the built-in one.
 */
export function mergeTemplate(
  sent: z.output<typeof ZEmailTemplateInputSchema> | null | undefined,
  stored: TStoredEmailTemplate = null,
): TStoredEmailTemplate {
  if (sent === undefined) {
    return stored;
  }
  const subject = sent?.subject === undefined ? (stored?.subject ?? null) : sent.subject;
  const body = sent?.body === undefined ? (stored?.body ?? null) : sent.body;

  return sent === null || (subject === null && body === null) ? null : { subject, body };
}
