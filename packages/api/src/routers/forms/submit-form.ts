import { submitForm, type TSubmissionFiles } from '@formwell/core';

import { submitClientInfo } from '../../submit-client-info.js';
import { handOffOutbox } from '../../hand-off-outbox.js';
import { observeSubmit } from '../../observe-submit.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { requestCaptchaOf, requestUploadsOf } from '../../uploads/request-uploads.js';
import { consumePublicFormLimitOnce, publicSubmitAddressRate } from '../../rate-limit/public-form-limit.js';
import { submitFormMeta, ZSubmitFormRequestSchema, ZSubmitFormResponseSchema } from './submit-form.types.js';

/** 201 (meta.successStatus, applied by openApiResponseMeta). */
export const submitFormRoute = actorProcedure({ apiKey: apiKeyPolicies.submit, session: false })
  .meta(submitFormMeta)
  .input(ZSubmitFormRequestSchema)
  .output(ZSubmitFormResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, user, req, res, services, logger, authEpoch } = ctx;
    // An origin-restricted (embed) key is a browser page's, held to the rules of POST /f/: its
    // per-address limit here (429; a multipart submit's host counted it before the files), opt-in
    // and CAPTCHA in the submit.
    const embed = actor.rights.restrictions.allowedOrigins.length > 0;
    if (embed) {
      await consumePublicFormLimitOnce({ req, res, services, formId: input.formId });
    }
    // A multipart submit's CAPTCHA was verified before its files were stored; not asked again.
    const captcha = embed ? requestCaptchaOf(req) : undefined;
    const submit = (files?: TSubmissionFiles) =>
      observeSubmit(services, 'api', () =>
        submitForm({
          config: services.config,
          user,
          input,
          client: submitClientInfo(req, services.config),
          ...(req.id === undefined ? {} : { requestId: req.id }),
          // A server-side key vouches for the submitter; an embed key only through its CAPTCHA.
          submitterVerified: !embed,
          // The form from this process's copy while the owner's epoch (read by this request's Redis
          // call, before any MongoDB read) says nothing changed; else from MongoDB.
          loadForm: (ids) => services.formCopy.load({ ...ids, epoch: authEpoch }),
          embed,
          ...(captcha === undefined ? {} : { captcha }),
          // A server-side key sends everything from its server's one address: no rate signal.
          spamSignals: embed ? { addressRate: publicSubmitAddressRate(req) } : {},
          ...(files ? { files } : {}),
        }),
      );
    // A multipart submit's files were stored as they arrived; they join the submission, or go.
    const uploads = requestUploadsOf(req);
    const { response, outbox, spam } = await (uploads ? uploads.submitWith(submit) : submit());
    logger.info({ formId: input.formId, submissionId: response.submissionId, spam }, 'form submitted');
    handOffOutbox({ services, logger, outbox, submissionId: response.submissionId });

    return response;
  });
