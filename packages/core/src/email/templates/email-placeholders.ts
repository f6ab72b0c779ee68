/** Every `{{ … }}` in a template, with the name inside it trimmed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a template may use; `field.NAME` names one of the form's fields. */
const EMAIL_PLACEHOLDERS = [
  'form.name',
  'form.url',
  'submission.id',
  'submission.createdAt',
  'fields',
  'field.NAME',
] as const;

const FIXED = new Set<string>(EMAIL_PLACEHOLDERS.filter((name) => name !== 'field.NAME'));

/** The placeholder names a template uses, in order, each once. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/**
 * The placeholders of `template` this service does not know. With `fieldNames`, a `field.NAME`
 * must name one of them; without, any non-empty name passes (the form's fields are not known yet).
 */
export function unknownPlaceholders(template: string, fieldNames?: readonly string[]): string[] {
  return placeholdersOf(template).filter((name) => {
    if (FIXED.has(name)) {
      return false;
    }
    if (!name.startsWith('field.') || name.length === 'field.'.length) {
      return true;
    }

    return fieldNames !== undefined && !fieldNames.includes(name.slice('field.'.length));
  });
}

/** Whether a placeholder stands for something the submitter typed (`{{fields}}`, `{{field.NAME}}`). */
function isSubmitterValue(name: string): boolean {
  return name === 'fields' || name.startsWith('field.');
}

/** Whether `template` quotes what the submitter typed (`{{fields}}`, `{{field.NAME}}`). */
export function quotesSubmitter(template: string): boolean {
  return placeholdersOf(template).some(isSubmitterValue);
}

/** Replaces each placeholder with `valueOf(name)`; a name it has no value for becomes empty. */
export function fillPlaceholders(template: string, valueOf: (name: string) => string | undefined): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => valueOf(name) ?? '');
}
