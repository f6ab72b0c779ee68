import {
  consumePublicFormLimit,
  publicSubmitAddressRate,
  handOffOutbox,
  observeSubmit,
  RATE_LIMIT_HEADER_NAMES,
  submitClientInfo,
  type ApiServices,
} from '@formwell/api';
import { AppError, buildErrorBody, ErrorMessages, getPublicFormName, submitPublicForm } from '@formwell/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { PREFLIGHT_MAX_AGE_SECONDS } from '../http/api-cors.js';
import { backLink, sendHtmlPage } from '../public-form/html-page.js';
import { readPublicFormBody, registerPublicFormBodies } from '../public-form/public-form-body.js';
import { wantsJson } from '../public-form/wants-json.js';
import { publicFormUploads } from '../uploads/public-form-uploads.js';

export type PublicFormRoutesOptions = { services: ApiServices };

type TFormParams = { Params: { formId: string } };

const EXPOSED_HEADERS = RATE_LIMIT_HEADER_NAMES.join(', ');

/**
 * The keyless endpoint for plain HTML forms: `POST /f/:formId` and the form's thank-you page. Its
 * own scope, outside /api/v1: it reads form bodies the API does not, answers browsers with pages
 * and redirects, and takes no key (the form's owner opts in; abuse is held by the per-address limit,
 * the honeypot, allowed origins and an optional CAPTCHA).
 */
export async function publicFormRoutes(app: FastifyInstance, { services }: PublicFormRoutesOptions) {
  await registerPublicFormBodies(app);
  app.setErrorHandler(answerError);
  // A page's script may post the form itself (FormData or URL-encoded with `Accept:
  // application/json`: a simple request, no preflight) and read the JSON answer and its limits.
  // Nothing here rests on cookies, so any origin may read it; allowed origins are enforced on the
  // request itself, not by the browser.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'POST') {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    }
  });

  // A script that posts JSON (`Content-Type: application/json`) from another origin is no simple
  // request: the browser asks first, and a 404 here would stop the post before it is sent. The
  // answer lets any origin post, as the POST's own answer lets any origin read; a form's allowed
  // origins are judged on the POST itself. Not counted against the per-address limit: it stores
  // nothing and the POST that follows is counted.
  app.options('/f/:formId', (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'Content-Type, Accept')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send(),
  );

  app.post<TFormParams>(
    '/f/:formId',
    {
      // Counted before the body is read, so a flood costs one Redis call per request.
      onRequest: async (request, reply) => {
        await consumePublicFormLimit({ req: request, res: reply, services, formId: request.params.formId });
      },
    },
    async (request, reply) => {
      const uploads = publicFormUploads({ services, request, formId: request.params.formId });
      const body = await readPublicFormBody(request, uploads.onFile).catch(async (error: unknown) => {
        // The rest of the body is not read: the connection closes after the answer, so a client
        // still sending a large file learns of the refusal now rather than after its last byte.
        void reply.header('connection', 'close');
        await uploads.discard();
        throw error;
      });
      const { response, outbox, spam, userId } = await uploads.submitWith((files) =>
        observeSubmit(services, 'public', () =>
          submitPublicForm({
            config: services.config,
            formId: request.params.formId,
            body,
            origin: request.headers.origin ?? null,
            referer: request.headers.referer ?? null,
            client: submitClientInfo(request, services.config),
            requestId: request.id,
            spamSignals: { addressRate: publicSubmitAddressRate(request) },
            ...(files ? { files } : {}),
            ...(uploads.captcha() === undefined ? {} : { captcha: uploads.captcha() }),
          }),
        ),
      );
      const logger = request.log.child({ userId, formId: request.params.formId });
      logger.info({ submissionId: response.submissionId, spam }, 'public form submitted');
      handOffOutbox({ services, logger, outbox, submissionId: response.submissionId });
      if (wantsJson(request)) {
        return reply.code(201).send(response);
      }

      // The landing page should still know where the visitor came from (its link back), which the
      // install-wide `no-referrer` would hide from the redirected request.
      return reply
        .code(303)
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .header('location', response.redirect.url)
        .send();
    },
  );

  app.get<TFormParams>('/f/:formId/thanks', async (request, reply) => {
    const name = await getPublicFormName({ formId: request.params.formId });

    return sendHtmlPage(reply, {
      title: 'Thank you!',
      paragraphs: [`Your submission to “${name}” has been received.`],
      back: backLink(request.headers.referer),
      backText: 'Back to the site',
    });
  });
}

/** Error pages for browsers, the one error body for clients that asked for JSON. */
function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const status = AppError.is(error)
    ? error.httpStatus
    : error.statusCode && error.statusCode >= 400
      ? error.statusCode
      : 500;
  if (AppError.is(error) && error.retryAfterSeconds !== null) {
    // A dependency of ours is down (the CAPTCHA provider): expected, passing, the visitor's cue.
    request.log.warn({ code: error.code }, error.message);
    reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  const body = AppError.is(error)
    ? error.toBody()
    : buildErrorBody(status, {
        message: error.message,
        unsupportedMediaText: ErrorMessages.PUBLIC_FORM_UNSUPPORTED_MEDIA_TYPE,
      });
  reply.code(status);
  if (wantsJson(request)) {
    return reply.send(body);
  }
  const fieldErrors = (body.fieldErrors ?? {}) as Record<string, string>;

  return sendHtmlPage(reply, {
    title:
      status === 429
        ? 'Too many submissions'
        : status === 503
          ? 'Please try again in a moment'
          : 'Your submission was not accepted',
    paragraphs: [
      status === 415
        ? 'This form takes text fields only (no file uploads), sent as a normal HTML form or as JSON.'
        : body.message,
    ],
    items: Object.entries(fieldErrors).map(([field, reason]) => `${field}: ${reason}`),
    back: backLink(request.headers.referer),
    backText: 'Back to the form',
  });
}
