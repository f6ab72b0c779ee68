import { z } from 'zod';

import { invalidParameter } from '../../errors/invalid-parameter.js';
import { refusedPlaceholders, unknownPlaceholders } from './email-placeholders.js';
import { EMAIL_TEMPLATE_KINDS, type TEmailTemplateKind } from './email-template-defaults.js';
import { MAX_SUBJECT_LENGTH } from './render-email-template.js';

const MAX_BODY_LENGTH = 20_000;

/** `{{a}}, {{b}}`: how an error names the placeholders it refuses. */
function listed(names: readonly string[]): string {
  return names.map((name) => `{{${name}}}`).join(', ');
}

/**
 * Why a template part is refused, or null: placeholders the service does not know, then (for the
 * confirmation) placeholders that would quote the submitter. The one owner of these texts.
 */
export function placeholderProblem(
  kind: TEmailTemplateKind,
  text: string,
  fieldNames?: readonly string[],
): string | null {
  const unknown = unknownPlaceholders(text, fieldNames);
  if (unknown.length > 0) {
    return `Unknown placeholders: ${listed(unknown)}`;
  }
  const refused = refusedPlaceholders(kind, text);
  if (refused.length > 0) {
    return `Placeholders the submitter typed cannot be used in the ${kind} (it is sent to the address they typed): ${listed(refused)}`;
  }

  return null;
}

/**
 * One per-form template of a kind as an owner sends it: each part null (or left out) for the
 * built-in one. A placeholder the service does not know, or one the kind may not quote, is refused
 * on save, named, rather than mailed.
 */
export function emailTemplateInputSchema(kind: TEmailTemplateKind) {
  return z
    .object({
      subject: z.string().trim().min(1).max(MAX_SUBJECT_LENGTH).nullable().optional(),
      body: z.string().trim().min(1).max(MAX_BODY_LENGTH).nullable().optional(),
    })
    .superRefine((template, ctx) => {
      for (const part of ['subject', 'body'] as const) {
        const problem = placeholderProblem(kind, template[part] ?? '');
        if (problem !== null) {
          ctx.addIssue({ code: 'custom', path: [part], message: problem });
        }
      }
    });
}

/** A template of either kind (the kind-specific checks apply where the kind is known). */
export const ZEmailTemplateInputSchema = emailTemplateInputSchema('notification');

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

/**
 * 400 when a template's `{{field.NAME}}` names no field of the form, or a template quotes what its
 * kind may not (checked where the form's fields
 * are known: on create, and on update against the fields it will have).
 */
export function assertTemplateFields({
  emailSettings,
  fieldNames,
}: {
  emailSettings:
    | Partial<
        Record<
          'notificationTemplate' | 'confirmationTemplate',
          { subject?: string | null; body?: string | null } | null
        >
      >
    | undefined;
  fieldNames: readonly string[];
}): void {
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    const setting = templateSetting(kind);
    const template = emailSettings?.[setting];
    for (const part of ['subject', 'body'] as const) {
      const message = placeholderProblem(kind, template?.[part] ?? '', fieldNames);
      if (message !== null) {
        throw invalidParameter(
          `emailSettings.${setting}.${part}`,
          `emailSettings.${setting}.${part}: ${message}`,
          message,
        );
      }
    }
  }
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
