import { isCaptchaTokenField } from './captcha.js';

export type TFormValues = Record<string, string | string[]>;

/**
 * A form element's values as the submission data: a name sent more than once (checkboxes, a
 * multiple select) becomes an array in the order sent, as the server's plain-form endpoint reads it.
 * File inputs are left out (files are not sent by this version), and so are CAPTCHA tokens, which
 * travel beside the data rather than in it.
 */
export function readFormValues(form: HTMLFormElement): {
  data: TFormValues;
  captchaFields: Record<string, string>;
} {
  const data: TFormValues = {};
  const captchaFields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') {
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

  return { data, captchaFields };
}
