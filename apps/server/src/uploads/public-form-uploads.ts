import { observeRefusal, submitClientInfo, type ApiServices } from '@formwell/api';
import { admitPublicUpload, createRequestUploads, publicUploadTarget } from '@formwell/core';
import type { FastifyRequest } from 'fastify';

import { filesNotAccepted } from '../public-form/public-form-body.js';

/**
 * The uploads of one request to a form's keyless endpoint (`POST /f/{formId}`). At the first file
 * part, every check that needs no file byte runs on the fields sent before it (origin, honeypot,
 * CAPTCHA): a request they refuse stores nothing, and a bot the honeypot caught has its files
 * read and dropped. `captcha()` is the verdict given then, for the submit (a token verifies once).
 */
export function publicFormUploads({
  services,
  request,
  formId,
}: {
  services: ApiServices;
  request: FastifyRequest;
  formId: string;
}) {
  let captcha: 'passed' | 'none' | undefined;
  const uploads = createRequestUploads({
    resolveTarget: async (fieldsBefore) => {
      const admitted = await observeRefusal(services, 'public', () =>
        admitPublicUpload({
          config: services.config,
          formId,
          fieldsBefore: Object.fromEntries(fieldsBefore),
          origin: request.headers.origin ?? null,
          referer: request.headers.referer ?? null,
          client: submitClientInfo(request, services.config),
        }),
      );
      captcha = admitted.captcha;

      return admitted.honeypot ? null : publicUploadTarget({ config: services.config, formId });
    },
    noFileFields: filesNotAccepted,
  });

  return { ...uploads, captcha: () => captcha };
}
