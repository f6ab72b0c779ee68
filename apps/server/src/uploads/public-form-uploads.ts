import { createRequestUploads, publicUploadTarget, type TCoreConfig } from '@formwell/core';

import { filesNotAccepted } from '../public-form/public-form-body.js';

/** The uploads of one request to a form's keyless endpoint (`POST /f/{formId}`). */
export function publicFormUploads(config: TCoreConfig, formId: string) {
  return createRequestUploads({
    resolveTarget: () => publicUploadTarget({ config, formId }),
    noFileFields: filesNotAccepted,
  });
}
