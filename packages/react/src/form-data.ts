import { isCaptchaTokenField } from './captcha.js';

export type TFormValues = Record<string, string | string[]>;

/**
 * A form element's values as the submission data: a name sent more than once (checkboxes, a
 * multiple select) becomes an array in the order sent, as the server's plain-form endpoint reads it.
 * Chosen files are gathered by input name (a file input left empty sends nothing), and CAPTCHA
 * tokens are kept apart: both travel beside the data rather than in it.
 */
export function readFormValues(form: HTMLFormElement): {
  data: TFormValues;
  files: Record<string, File[]>;
  captchaFields: Record<string, string>;
} {
  const data: TFormValues = {};
  const files: Record<string, File[]> = {};
  const captchaFields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') {
      // An empty file input still yields a File, nameless and empty.
      if (value.name !== '' || value.size > 0) {
        (files[name] ??= []).push(value);
      }
      continue;
    }
    if (isCaptchaTokenField(name)) {
      captchaFields[name] = value;
      continue;
    }
    const previous = data[name];
    data[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }

  return { data, files, captchaFields };
}
