// A customer's contact page, as a React developer would write it with @formwell/react.
import { FormwellForm } from '@formwell/react';

import { mountPage, type TPageConfig } from '../helpers/mount-page.js';

function ContactPage({ baseUrl, apiKey, formId }: TPageConfig) {
  return (
    <FormwellForm baseUrl={baseUrl} apiKey={apiKey} formId={formId} resetOnSuccess={false}>
      {({ status, fieldErrors, error, result }) => (
        <>
          <label>
            Email <input name="email" />
          </label>
          {fieldErrors.email && <p data-field-error="email">{fieldErrors.email}</p>}
          <label>
            Message <textarea name="message" />
          </label>
          <label>
            <input type="checkbox" name="newsletter" /> Newsletter
          </label>
          <button type="submit">Send</button>
          <p data-status={status}>{status}</p>
          {error && <p data-error-code={error.code}>{error.message}</p>}
          {result && <p data-submission-id={result.submissionId}>Thanks!</p>}
        </>
      )}
    </FormwellForm>
  );
}

mountPage(ContactPage);
