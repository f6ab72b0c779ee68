import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';

import type { TCaptcha } from './captcha.js';
import { readFormValues } from './form-data.js';
import {
  useFormwellSubmit,
  type TFormwellSubmitState,
  type UseFormwellSubmitOptions,
} from './use-formwell-submit.js';

type TNativeFormProps = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onError' | 'children' | 'action'
>;

export type FormwellFormProps = UseFormwellSubmitOptions &
  TNativeFormProps & {
    /** A solved CAPTCHA, when the token does not come from a widget's hidden input inside the form. */
    captcha?: TCaptcha;
    /** Clear the inputs after a successful submit. On by default. */
    resetOnSuccess?: boolean;
    /** The inputs; a function gets the state (status, field errors) to show next to them. */
    children: ReactNode | ((state: TFormwellSubmitState) => ReactNode);
  };

/**
 * A `<form>` that submits its named inputs to a Formwell form, with the files chosen in its file
 * inputs (sent as `multipart/form-data` when there are any). The CAPTCHA widget's hidden token
 * input (Turnstile, hCaptcha, reCAPTCHA) is picked up from inside the form.
 */
export function FormwellForm(props: FormwellFormProps) {
  const {
    formId,
    baseUrl,
    apiKey,
    redirectUrl,
    followRedirect,
    onSuccess,
    onError,
    captcha,
    resetOnSuccess = true,
    children,
    ...formProps
  } = props;
  const state = useFormwellSubmit({
    formId,
    baseUrl,
    apiKey,
    redirectUrl,
    followRedirect,
    onSuccess,
    onError,
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { data, files, captchaFields } = readFormValues(form);
    const result = await state.submit(data, { captchaFields, files, ...(captcha ? { captcha } : {}) });
    if (result && resetOnSuccess) {
      form.reset();
    }
  }

  return (
    <form
      {...formProps}

      aria-busy={state.status === 'submitting'}
      onSubmit={(event) => void handleSubmit(event)}
    >
      {typeof children === 'function' ? children(state) : children}
    </form>
  );
}
