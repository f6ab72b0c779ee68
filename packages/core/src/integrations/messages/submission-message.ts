import type { TFormField } from '../../forms/z-form-field.js';

/** A link a message shows under a value (an uploaded file's signed download link). */
type TMessageLink = { name: string; url: string };

/** One label and value of a submission, as every chat message shows it. */
export type TMessageField = { label: string; value: string; links: TMessageLink[] };

/** What a chat message says about one submission, before any platform's shape or limits. */
export type TSubmissionMessage = {
  formName: string;
  submittedAt: Date;
  /** The submission's page in the dashboard. */
  submissionUrl: string;
  fields: TMessageField[];
  /** A sample sent from the dashboard's or the API's "test" action. */
  test: boolean;
};

/** What stands in for an empty answer, so no platform gets an empty field (Discord refuses them). */
const EMPTY_VALUE = '—';

type TFileValue = { name: string; url?: unknown };

function isFileValue(value: unknown): value is TFileValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    'fileId' in value &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

function fileLink(value: TFileValue): TMessageLink[] {
  return typeof value.url === 'string' && /^https?:\/\//.test(value.url)
    ? [{ name: value.name, url: value.url }]
    : [];
}

/** A stored value as text plus its links: booleans as Yes/No, lists joined, files by name. */
function describeValue(value: unknown): { text: string; links: TMessageLink[] } {
  if (value === null || value === undefined || value === '') {
    return { text: EMPTY_VALUE, links: [] };
  }
  if (typeof value === 'boolean') {
    return { text: value ? 'Yes' : 'No', links: [] };
  }
  if (typeof value === 'string' || typeof value === 'number') {
    return { text: String(value), links: [] };
  }
  if (isFileValue(value)) {
    return { text: value.name, links: fileLink(value) };
  }
  if (Array.isArray(value)) {
    const parts = value.map(describeValue);

    return {
      text: parts.length === 0 ? EMPTY_VALUE : parts.map((part) => part.text).join(', '),
      links: parts.flatMap((part) => part.links),
    };
  }

  return { text: JSON.stringify(value), links: [] };
}

/**
 * The fields of a submission in the form's order with the form's labels; keys the form does not
 * declare (a form without fields takes any) follow, labelled by their key.
 */
export function messageFields(fields: TFormField[], data: Record<string, unknown>): TMessageField[] {
  const declared = new Set(fields.map((field) => field.name));
  const labelled = fields
    .filter((field) => field.name in data)
    .map((field) => ({ label: field.label || field.name, value: data[field.name] }));
  const extra = Object.keys(data)
    .filter((key) => !declared.has(key))
    .map((key) => ({ label: key, value: data[key] }));

  return [...labelled, ...extra].map(({ label, value }) => {
    const { text, links } = describeValue(value);

    return { label, value: text, links };
  });
}

/** The dashboard page of one submission (the form's page, opened on it). */
export function submissionPageUrl({
  publicUrl,
  formId,
  submissionId,
}: {
  publicUrl: string;
  formId: string;
  submissionId: string;
}): string {
  const base = publicUrl.replace(/\/+$/, '');

  return `${base}/forms/${encodeURIComponent(formId)}?submission=${encodeURIComponent(submissionId)}`;
}

/** The heading every platform's message starts with. */
export function messageTitle(message: TSubmissionMessage): string {
  return message.test
    ? `Test message from Formwell: ${message.formName}`
    : `New submission: ${message.formName}`;
}

/** Names the fields a message had no room for. */
export function omittedFieldsNote(count: number): string {
  return `${count} more field${count === 1 ? '' : 's'} not shown: open the submission to see all of it.`;
}
