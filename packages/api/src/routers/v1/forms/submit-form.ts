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
    const { response, outbox, spam } = await submitForm({
      config: services.config,
      user,
      input,
      client: {
        userAgent: req.headers['user-agent'] ?? null,
        acceptLanguage: req.headers['accept-language'] ?? null,
        trustedCountryCode: header ? firstHeader(req.headers[header]) : null,
        // Fastify's request.ip: the forwarded client address when TRUST_PROXY trusts the proxy.
        ip: req.ip,
      },
    });
    logger.info({ formId: input.formId, submissionId: response.submissionId, spam }, 'form submitted');
    if (outbox.length > 0 && services.enqueueOutbox) {
      // Not awaited: side effects never slow or fail the 201; the stored outbox keeps them.
      void services.enqueueOutbox(outbox).catch((error: unknown) => {
        logger.warn(
          { err: error, submissionId: response.submissionId },
          'outbox enqueue failed; the sweep will retry',
        );
      });
    }

    return response;
  });

function firstHeader(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
