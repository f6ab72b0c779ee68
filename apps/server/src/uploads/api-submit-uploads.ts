import multipart from '@fastify/multipart';
import {
  apiKeyPolicies,
  attachRequestUploads,
  authorizeAdmitted,
  consumePublicFormLimit,
  consumePublicFormLimitOnce,
  observeRefusal,
  peekEarlyAdmission,
  requestUploadsOf,
  submitClientInfo,
  type ApiServices,
} from '@formwell/api';
import {
  admitEmbedUpload,
  AppError,
  AppErrorCode,
  createRequestUploads,
  keyedUploadTarget,
} from '@formwell/core';
import type { TFormRecord } from '@formwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { rememberNamedBodyLimit } from '../http/named-body-limit.js';
import { readMultipartFields } from '../public-form/public-form-body.js';

/** The submit's path in the API's scope: its route is the one whose scope reads multipart bodies. */
export const SUBMIT_ROUTE_PATH = '/forms/submit';
const SUBMIT_PATH = `/api/v1${SUBMIT_ROUTE_PATH}`;

function badRequest(message: string): AppError {
  return new AppError(AppErrorCode.BAD_REQUEST, { message });
}

/** The multipart parser's own failure (no boundary line, a truncated part): the sender's mistake. */
function isMalformedBody(error: unknown): boolean {
  return error instanceof Error && !(error instanceof AppError) && !('statusCode' in error);
}

function isMultipartSubmit(request: FastifyRequest): boolean {
  // The flag first: it is false for every JSON body, and the path's check costs a string split.
  return request.isMultipart() && request.method === 'POST' && request.url.split('?')[0] === SUBMIT_PATH;
}

/**
 * `POST /api/v1/forms/submit` as `multipart/form-data`: part `formId`, then the fields as parts
 * named like them (`redirectUrl` as in JSON), files in file parts. The body is read here, before
 * the submit procedure runs: at the first file part the key's admission (made before the body),
 * its scope and form restrictions, the form and the plan are checked, then each file streams to
 * storage. An origin-restricted (embed) key is a browser page's and is held there, on the fields
 * sent before the first file, to the rules of POST /f/ too (form opted in, honeypot, CAPTCHA,
 * whose verdict goes to the submit so the token is verified once), and to its per-address limit
 * before any of the body when the key names its one form. The procedure gets the text
 * fields as its usual JSON input and stores the files with the submission (or removes them with
 * any refusal).
 */
export async function apiSubmitUploads(app: FastifyInstance, { services }: { services: ApiServices }) {
  // Only the submit reads multipart; elsewhere the REST host still answers 415.
  await app.register(multipart, { limits: { fieldNameSize: 200, headerPairs: 20 } });
  // Callback hooks that return at once on a JSON submit (nearly every one): an async hook costs
  // every request of the route a promise and a turn of Fastify's hook runner, multipart or not.
  app.addHook('preHandler', (request, reply, done) => {
    if (!isMultipartSubmit(request)) {
      done();

      return;
    }
    readMultipartSubmit(request, reply).then(() => done(), done);
  });
  // The procedure may refuse before it submits (its input check, the per-address limit): the files
  // stored for such a request go before its answer is sent, so the refusal leaves nothing behind.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const uploads = requestUploadsOf(request);
    if (!uploads) {
      done(null, payload);

      return;
    }
    uploads.discardUnlessSubmitted().then(() => done(null, payload), done);
  });
  // A client that leaves before the answer takes its files with it too.
  app.addHook('onRequestAbort', async (request) => {
    await requestUploadsOf(request)?.discardUnlessSubmitted();
  });

  /** Reads a multipart submit's body: its text fields become the procedure's JSON input, its files are stored. */
  async function readMultipartSubmit(request: FastifyRequest, reply: FastifyReply) {
    // A multipart body may carry files of many megabytes: a request the key's admission refuses
    // (no key, a bad key, the rate limit) is answered before any of it is read.
    const early = await peekEarlyAdmission(request);
    // So is one over an embed key's per-address limit, when the key names its one form (as the
    // dashboard's embed keys do); for another embed key it is counted once the formId part is read.
    const restrictions = early?.actor.rights.restrictions;
    const [onlyForm, ...otherForms] = restrictions?.formIds ?? [];
    if (restrictions && restrictions.allowedOrigins.length > 0 && onlyForm && otherForms.length === 0) {
      await consumePublicFormLimit({ req: request, res: reply, services, formId: onlyForm }).catch(
        (error: unknown) => {
          // The body is left unread: the connection closes after the answer.
          void reply.header('connection', 'close');
          throw error;
        },
      );
    }
    let captcha: 'passed' | 'none' | undefined;
    const uploads = createRequestUploads({
      resolveTarget: async (fieldsBefore) => {
        const admission = await peekEarlyAdmission(request);
        const formId = fieldsBefore.get('formId');
        if (!admission) {
          throw new AppError(AppErrorCode.UNAUTHORIZED, { message: 'API key is required' });
        }
        if (typeof formId !== 'string') {
          throw badRequest('Send the formId part before the files');
        }
        authorizeAdmitted({ req: request, policy: apiKeyPolicies.submit, formId }, admission);
        const workspaceId = admission.actor.workspaceId;
        let loadedForm: TFormRecord | undefined;
        if (admission.actor.rights.restrictions.allowedOrigins.length > 0) {
          // Before any file byte is stored; the submit then does not count the request again.
          await consumePublicFormLimitOnce({ req: request, res: reply, services, formId });
          const admitted = await observeRefusal(services, 'api', () =>
            admitEmbedUpload({
              config: services.config,
              workspaceId,
              formId,
              fieldsBefore: Object.fromEntries(fieldsBefore),
              client: submitClientInfo(request, services.config),
            }),
          );
          captcha = admitted.captcha;
          loadedForm = admitted.form;
          // A bot the honeypot caught: its files are read and dropped, the submit answers as usual.
          if (admitted.honeypot) {
            return null;
          }
        }

        return keyedUploadTarget({
          config: services.config,
          user: { id: workspaceId, plan: admission.user.plan },
          formId,
          ...(loadedForm ? { loadedForm } : {}),
        });
      },
      noFileFields: () => badRequest('This form has no file fields'),
    });
    const fields = await readMultipartFields(request, uploads.onFile).catch(async (error: unknown) => {
      // The rest of the body is not read: the connection closes after the answer.
      void reply.header('connection', 'close');
      await uploads.discard();
      rememberNamedBodyLimit(request, error);
      throw isMalformedBody(error) ? badRequest('Malformed multipart/form-data body') : error;
    });
    const { formId, redirectUrl, ...data } = fields;
    request.body = { formId, data, ...(redirectUrl === undefined ? {} : { redirectUrl }) };
    // The REST host takes JSON input; this body now is that input (the files travel beside it).
    request.headers['content-type'] = 'application/json';
    attachRequestUploads(request, uploads, captcha);
  }
}
