import { submitForm } from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import { submitFormMeta, ZSubmitFormRequestSchema, ZSubmitFormResponseSchema } from './submit-form.types.js';

/** 201 (meta.successStatus, applied by openApiResponseMeta). */
export const submitFormRoute = apiKeyProcedure(apiKeyPolicies.submit)
  .meta(submitFormMeta)
  .input(ZSubmitFormRequestSchema)
  .output(ZSubmitFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { user, req, services, logger } = ctx;
    const header = services.config.trustedCountryHeader;
    const { response, spam } = await submitForm({
      user,
      input,
      client: {
        userAgent: req.headers['user-agent'] ?? null,
        acceptLanguage: req.headers['accept-language'] ?? null,
        trustedCountryCode: header ? firstHeader(req.headers[header]) : null,
      },
      publicUrl: services.config.publicUrl,
    });
    // Side effects stay in the submission's outbox; the worker's sweeper hands them to the queues.
    logger.info({ formId: input.formId, submissionId: response.submissionId, spam }, 'form submitted');

    return response;
  });

function firstHeader(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
