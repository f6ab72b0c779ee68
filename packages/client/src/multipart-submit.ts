/**
 * Files for a submit, by field name: one file, or several for a field that takes more than one. A
 * browser's `File` keeps its name; any other `Blob` is sent as `blob`.
 */
export type TSubmitFiles = Record<string, Blob | readonly Blob[]>;

type TSubmitFields = { formId: string; data: Record<string, unknown>; redirectUrl?: string | null };

/** A data value as a multipart text part: lists as repeated parts, anything but text as JSON (`true`, `3`). */
function appendValue(body: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      appendValue(body, name, item);
    }

    return;
  }
  body.append(name, typeof value === 'string' ? value : JSON.stringify(value));
}

/** A File's own name (not every runtime has a global `File` to test against), else `blob`. */
function fileName(file: Blob): string {
  const { name } = file as { name?: unknown };

  return typeof name === 'string' && name !== '' ? name : 'blob';
}

/** True when at least one file is to be sent (an empty list sends none). */
export function hasFiles(files: TSubmitFiles | undefined): files is TSubmitFiles {
  return Object.values(files ?? {}).some((value) => !Array.isArray(value) || value.length > 0);
}

/**
 * The `multipart/form-data` body of a submit with files, as the server reads it: the `formId` part
 * first (the server checks the key, form and plan at the first file, from the parts before it),
 * then `redirectUrl` and the data's fields as text parts named like the fields, then the files.
 */
export function multipartSubmitBody(
  { formId, data, redirectUrl }: TSubmitFields,
  files: TSubmitFiles,
): FormData {
  const body = new FormData();
  body.append('formId', formId);
  if (redirectUrl) {
    body.append('redirectUrl', redirectUrl);
  }
  for (const [name, value] of Object.entries(data)) {
    appendValue(body, name, value);
  }
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? (value as readonly Blob[]) : [value as Blob]) {
      body.append(name, file, fileName(file));
    }
  }

  return body;
}
