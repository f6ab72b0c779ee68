/** The two per-form templates: the owner's notification and the submitter's confirmation. */
export const EMAIL_TEMPLATE_KINDS = ['notification', 'confirmation'] as const;

export type TEmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export type TEmailTemplate = { subject: string; body: string };

/**
 * The built-in templates, used for every part a form leaves unset. The confirmation quotes nothing
 * the submitter sent: whoever typed someone else's address would otherwise mail them their own text
 * from this install.
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<TEmailTemplateKind, TEmailTemplate> = {
  notification: {
    subject: 'New submission to {{form.name}}',
    body: '## New submission to {{form.name}}\n\n{{fields}}\n\n[See all submissions]({{form.url}})\n',
  },
  confirmation: {
    subject: 'We received your submission to {{form.name}}',
    body:
      '## We received your submission to {{form.name}}\n\n' +
      'If you did not submit this form, you can ignore this email.\n',
  },
};
