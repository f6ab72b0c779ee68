import { Readable } from 'node:stream';

import {
  apiKeyPolicies,
  guardApiKeyRequest,
  guardDashboardCsvExport,
  sessionAnswerFor,
  type ApiServices,
} from '@formwell/api';
import { exportSubmissionsCsv, exportSubmissionsCsvHead } from '@formwell/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sameOriginOnly } from '../http/same-origin-only.js';

// The query string stays `unknown` here: core validates it strictly (an unknown parameter is a
// 400), after authentication and the rate limit, so it is never spread into anything.
type TExportRequest = FastifyRequest<{ Params: { formId: string }; Querystring: unknown }>;

// Any form id that names no form is a 404 (see the API's path ids), so no length is set here.
const schema = {
  params: {
    type: 'object',
    required: ['formId'],
    additionalProperties: false,
    properties: { formId: { type: 'string', minLength: 1 } },
  },
} as const;

/**
 * The CSV export of a form's submissions, streamed (tRPC and trpc-to-openapi buffer whole JSON
 * bodies), through two doors with the same rules and the owner always the authenticated one:
 * `apiCsvExportRoutes`, part of the public API (registered under the /api/v1 prefix) (an API key with `submissions:read`,
 * the listing's rate-limit bucket, the same guard as the procedures), and `dashboardCsvExportRoutes`,
 * the dashboard's (session cookie, the same rate-limit rule per user and form). Errors are answered
 * by the root error handler, which knows core's AppError.
 */
export function apiCsvExportRoutes(
  app: FastifyInstance,
  { services }: { services: ApiServices },
  done: () => void,
) {
  app.get('/forms/:formId/submissions/export.csv', { schema }, async (request: TExportRequest, reply) => {
    const { actor } = await guardApiKeyRequest({
      req: request,
      res: reply,
      services,
      logger: request.log,
      policy: apiKeyPolicies.submissionsList,
      formId: request.params.formId,
    });

    return sendCsv(reply, actor.workspaceId, request);
  });
  done();
}

/**
 * The dashboard's door; outside /api/v1, so it shares none of the public API's CORS policy, and
 * cookie-authenticated, so it answers the dashboard's own origin only.
 */
export function dashboardCsvExportRoutes(
  app: FastifyInstance,
  { services }: { services: ApiServices },
  done: () => void,
) {
  sameOriginOnly(app, { publicUrl: services.config.publicUrl });
  app.get(
    '/api/dashboard/forms/:formId/submissions/export.csv',
    { schema },
    async (request: TExportRequest, reply) => {
      const { workspaceId } = await guardDashboardCsvExport({
        req: request,
        res: reply,
        services,
        formId: request.params.formId,
      });

      // Another workspace's form is unknown to a session (404), as everywhere in the dashboard.
      return sendCsv(reply, workspaceId, request).catch((error: unknown) => {
        throw sessionAnswerFor(error);
      });
    },
  );
  done();
}

/**
 * The export, or for a HEAD (which Fastify serves with this GET handler) its headers alone: the
 * same checks, but no submission read. Fastify would read a stream through to drop it, running
 * the whole export; an empty one keeps the headers a streamed GET has (no Content-Length).
 */
async function sendCsv(reply: FastifyReply, userId: string, request: TExportRequest) {
  const options = { userId, formId: request.params.formId, query: request.query };
  const csv =
    request.method === 'HEAD'
      ? { ...(await exportSubmissionsCsvHead(options)), stream: Readable.from([]) }
      : await exportSubmissionsCsv(options);

  return reply
    .header('Content-Type', csv.contentType)
    .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv.stream);
}
