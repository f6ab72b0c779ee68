export { useFormwellSubmit } from './use-formwell-submit.js';
export type {
  TFormwellSubmitState,
  TSubmitExtras,
  TSubmitResult,
  TSubmitStatus,
  UseFormwellSubmitOptions,
} from './use-formwell-submit.js';
export { FormwellForm } from './formwell-form.js';
export type { FormwellFormProps } from './formwell-form.js';
export { CAPTCHA_TOKEN_FIELDS } from './captcha.js';
export type { TCaptcha, TCaptchaProvider } from './captcha.js';
export { FormwellError } from '@formwell/client';
