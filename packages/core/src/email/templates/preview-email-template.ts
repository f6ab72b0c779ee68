import { z } from 'zod';

import type { TCoreConfig } from '../../config/load-config.js';
import { parseInput } from '../../errors/parse-input.js';
import { loadOwnedForm } from '../../forms/load-owned-form.js';
import { fieldLabels, formPageUrl } from '../send-submission-email.js';
import { emailLayout, formEmailTemplate } from '../submission-email-templates.js';
import { assertTemplatePlaceholders, ZEmailTemplateInputSchema } from './z-email-template.js';
import { EMAIL_TEMPLATE_KINDS } from './email-template-defaults.js';
import { renderEmailTemplate } from './render-email-template.js';

export const ZPreviewEmailInputSchema = z.object({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  /** The template being edited; parts left out (or null) preview the form's saved or built-in one. */
  template: ZEmailTemplateInputSchema.optional(),
});

export const ZEmailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** A sample value per field type, so a preview shows what a real submission would look like. */
function sampleValue(field: Record<string, unknown>): unknown {
  const type = field.type;
  const options = Array.isArray(field.options) ? (field.options as unknown[]) : [];
  if (type === 'email') return 'ada@example.com';
  if (type === 'number' || type === 'rating') return 4;
  if (type === 'checkbox') return true;
  if (type === 'date') return '2026-01-31';
  if (type === 'url') return 'https://example.com';
  if (type === 'tel') return '+1 555 0100';
  if ((type === 'select' || type === 'radio') && options.length > 0) {
    const [first] = options;

    return typeof first === 'object' && first !== null && 'value' in first ? first.value : first;
  }

  return `Sample ${typeof field.label === 'string' ? field.label : String(field.name)}`;
}

/**
 * The form's email of one kind rendered with sample data, as it would be sent: what the dashboard
 * shows beside the template editor. The same checks as saving apply (unknown placeholders: 400).
 */
export async function previewEmailTemplate({
  config,
  workspaceId,
  formId,
  input,
}: {
  config: Pick<TCoreConfig, 'publicUrl'>;
  workspaceId: string;
  formId: string;
  input: z.input<typeof ZPreviewEmailInputSchema>;
}): Promise<z.infer<typeof ZEmailPreviewSchema>> {
  const { kind, template } = parseInput(ZPreviewEmailInputSchema, input);
  const form = await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });
  const fields = form.fields.filter((field) => typeof field.name === 'string');
  const setting = kind === 'notification' ? 'notificationTemplate' : 'confirmationTemplate';
  assertTemplatePlaceholders({
    emailSettings: { [setting]: template ?? null },
    fieldNames: fields.map((field) => field.name as string),
  });
  // The preview shows what a verified submitter (or the owner) gets: the template as written.
  const saved = formEmailTemplate(kind, form.emailSettings, { mayQuoteSubmitter: true });
  const rendered = renderEmailTemplate(
    { subject: template?.subject ?? saved.subject, body: template?.body ?? saved.body },
    {
      formName: form.name,
      formUrl: formPageUrl(config.publicUrl, formId),
      submissionId: '000000000000000000000000',
      submissionCreatedAt: new Date(),
      fields: Object.fromEntries(fields.map((field) => [field.name as string, sampleValue(field)])),
      labels: fieldLabels(form.fields),
    },
  );

  return { subject: rendered.subject, text: rendered.text, html: emailLayout(null, rendered.html) };
}
