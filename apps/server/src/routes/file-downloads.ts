import {
  apiKeyPolicies,
  guardApiKeyRequest,
  guardDashboardCsvExport,
  sessionAnswerFor,
  type ApiServices,
} from '@formwell/api';
import { openLinkedFile, openSubmissionFile, SIGNED_FILE_PATH, type TFileDownload } from '@formwell/core';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sameOriginOnly } from '../http/same-origin-only.js';

type TSubmissionFileParams = { formId: string; submissionId: string; fileId: string };

const SUBMISSION_FILE_PATH = '/forms/:formId/submissions/:submissionId/files/:fileId';

// Ids that name nothing are 404s (core looks them up safely), so no pattern is set here.
const submissionFileSchema = {
  params: {
    type: 'object',
    required: ['formId', 'submissionId', 'fileId'],
    additionalProperties: false,
    properties: {
      formId: { type: 'string', minLength: 1 },
      submissionId: { type: 'string', minLength: 1 },
      fileId: { type: 'string', minLength: 1 },
    },
  },
} as const;

/**
 * Sends a stored file so that no browser ever renders it: always an attachment, the type never
 * sniffed into another, and a sandbox without scripts or same-origin rights should it be opened
 * anyway (an uploaded HTML or SVG page cannot act on this origin). Never cached, as every answer
 * that depends on a key or a session (`no-store` alone, the same header as theirs).
 */
function sendFile(reply: FastifyReply, { file, stream }: TFileDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'no-store')
    .send(stream);
}

/** A file of one of the tenant's submissions, named by the path (a HEAD opens no stream). */
async function sendSubmissionFile(
  reply: FastifyReply,
  request: FastifyRequest<{ Params: TSubmissionFileParams }>,
  workspaceId: string,
) {
  return sendFile(
    reply,
    await openSubmissionFile({
      workspaceId,
      formId: request.params.formId,
      submissionId: request.params.submissionId,
      fileId: request.params.fileId,
      head: request.method === 'HEAD',
    }),
  );
}

/**
 * `GET /api/v1/forms/{formId}/submissions/{submissionId}/files/{fileId}`: a file of a submission,
 * for a key with `submissions:read`, rate-limited with the submissions listing. Registered under
 * the /api/v1 prefix (its CORS policy); streamed, so a plain route rather than a procedure.
 */
export function apiFileDownloadRoutes(
  app: FastifyInstance,
  { services }: { services: ApiServices },
  done: () => void,
) {
  app.get(
    SUBMISSION_FILE_PATH,
    { schema: submissionFileSchema },
    async (request: FastifyRequest<{ Params: TSubmissionFileParams }>, reply) => {
      const { actor } = await guardApiKeyRequest({
        req: request,
        res: reply,
        services,
        logger: request.log,
        policy: apiKeyPolicies.submissionsList,
        formId: request.params.formId,
      });

      return sendSubmissionFile(reply, request, actor.workspaceId);
    },
  );
  done();
}

/** The dashboard's door to the same files: its session, its own origin only. */
export function dashboardFileDownloadRoutes(
  app: FastifyInstance,
  { services }: { services: ApiServices },
  done: () => void,
) {
  sameOriginOnly(app, { publicUrl: services.config.publicUrl });
  app.get(
    `/api/dashboard${SUBMISSION_FILE_PATH}`,
    { schema: submissionFileSchema },
    async (request: FastifyRequest<{ Params: TSubmissionFileParams }>, reply) => {
      // The session's current workspace, as every dashboard read (a member reads a shared one).
      const { workspaceId } = await guardDashboardCsvExport({
        req: request,
        res: reply,
        services,
        formId: request.params.formId,
      });

      // Another workspace's form is unknown to a session (404), as everywhere in the dashboard.
      return sendSubmissionFile(reply, request, workspaceId).catch((error: unknown) => {
        throw sessionAnswerFor(error);
      });
    },
  );
  done();
}

/**
 * The signed links of emails, webhooks and integrations: `/files/{fileId}?expires=…&signature=…`.
 * The signature is the permission (no session, no key); a wrong or expired one is the same 404 as
 * an unknown file, so links cannot be probed.
 */
export function signedFileDownloadRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  app.get(
    `${SIGNED_FILE_PATH}/:fileId`,
    async (
      request: FastifyRequest<{
        Params: { fileId: string };
        Querystring: { expires?: unknown; signature?: unknown };
      }>,
      reply,
    ) => {
      const { expires, signature } = request.query;

      return sendFile(
        reply,
        await openLinkedFile({
          fileId: request.params.fileId,
          expires,
          signature,
          head: request.method === 'HEAD',
        }),
      );
    },
  );
  done();
}
