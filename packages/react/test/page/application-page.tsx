// A customer's job application page with file inputs, as a React developer would write it.
import { FormwellForm } from '@formwell/react';

import { mountPage, type TPageConfig } from '../helpers/mount-page.js';

function ApplicationPage({ baseUrl, apiKey, formId }: TPageConfig) {
  return (
    <FormwellForm baseUrl={baseUrl} apiKey={apiKey} formId={formId} resetOnSuccess={false}>
      {({ status, fieldErrors, error, result }) => (
        <>
          <label>
            Name <input name="name" />
          </label>
          <label>
            Photo <input type="file" name="photo" accept="image/png" />
          </label>
          {fieldErrors.photo && <p data-field-error="photo">{fieldErrors.photo}</p>}
          <label>
            Notes <input type="file" name="notes" multiple />
          </label>
          {fieldErrors.notes && <p data-field-error="notes">{fieldErrors.notes}</p>}
          <button type="submit">Apply</button>
          <p data-status={status}>{status}</p>
          {error && <p data-error-status={error.status}>{error.message}</p>}
          {result && <p data-submission-id={result.submissionId}>Thanks!</p>}
        </>
      )}
    </FormwellForm>
  );
}

mountPage(ApplicationPage);
