import { setSubmissionStatus } from '@formwell/core';

import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { handOffOutbox } from '../../hand-off-outbox.js';
import {
  setSubmissionStatusMeta,
  ZSetSubmissionStatusRequestSchema,
  ZSetSubmissionStatusResponseSchema,
} from './set-submission-status.types.js';

/**
 * "Spam" / "Not spam": the dashboard's buttons and PATCH /api/v1/forms/{formId}/submissions/{id},
 * one procedure. A release hands its side effects to the worker and counts the analytics before
 * the answer, as a submit does.
 */
export const setSubmissionStatusRoute = actorProcedure({
  apiKey: apiKeyPolicies.submissionStatus,
  session: true,
})
  .meta(setSubmissionStatusMeta)
  .input(ZSetSubmissionStatusRequestSchema)
  .output(ZSetSubmissionStatusResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, services, logger } = ctx;
    const { formId, submissionId, status } = input;
    const result = await setSubmissionStatus({
      config: services.config,
      user: { id: actor.workspaceId, plan: actor.plan, quotaLimit: actor.quotaLimit },
      formId,
      submissionId,
      input: { status },
    });
    logger.info({ formId, submissionId, status, delivered: result.outbox.length }, 'submission marked');
    handOffOutbox({ services, logger, outbox: result.outbox, submissionId });

    return result.submission;
  });
