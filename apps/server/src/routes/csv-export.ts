import { apiKeyPolicies, guardApiKeyRequest, guardDashboardCsvExport, type ApiServices } from '@formwell/api';
import { AppError, exportSubmissionsCsv, type TCsvExport } from '@formwell/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { INTERNAL_ERROR_TEXT, toErrorBody } from '../http/error-body.js';

// The query string stays `unknown` here: core validates it strictly (an unknown parameter is a
// 400), after authentication and the rate limit, so it is never spread into anything.
type TExportRequest = FastifyRequest<{ Params: { formId: string }; Querystring: unknown }>;

const schema = {
  params: {
    type: 'object',
    required: ['formId'],
    additionalProperties: false,
    properties: { formId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

/**
 * The CSV export of a form's submissions, streamed (tRPC and trpc-to-openapi buffer whole JSON
 * bodies). Two doors to the same export: an API key under /api/v1 (scope `submissions:read`, the
 * listing's rate-limit bucket, via the same guard as the procedures), and the dashboard's session
 * cookie (the same rate-limit rule, per user and form). The owner is always the authenticated one.
 */
export function csvExportRoutes(
  app: FastifyInstance,
  { services }: { services: ApiServices },
  done: () => void,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));

  app.get(
    '/api/v1/forms/:formId/submissions/export.csv',
    { schema },
    async (request: TExportRequest, reply) => {
      const { user } = await guardApiKeyRequest({
        req: request,
        res: reply,
        services,
        logger: request.log,
        policy: apiKeyPolicies.submissionsList,
        formId: request.params.formId,
      });

      return sendCsv(
        reply,
        await exportSubmissionsCsv({ userId: user.id, formId: request.params.formId, query: request.query }),
      );
    },
  );

  app.get(
    '/api/dashboard/forms/:formId/submissions/export.csv',
    { schema },
    async (request: TExportRequest, reply) => {
      const { user } = await guardDashboardCsvExport({
        req: request,
        res: reply,
        services,
        formId: request.params.formId,
      });

      return sendCsv(
        reply,
        await exportSubmissionsCsv({ userId: user.id, formId: request.params.formId, query: request.query }),
      );
    },
  );
  done();
}

function sendCsv(reply: FastifyReply, csv: TCsvExport) {
  return reply
    .header('Content-Type', csv.contentType)
    .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv.stream);
}

/** The error body of /api/v1 (decisions §3), from core's AppError or Fastify's own 4xx. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (AppError.is(error)) {
    return reply.code(error.httpStatus).send(toErrorBody(error.httpStatus, error.toBody()));
  }
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'csv export failed');
  }

  return reply
    .code(statusCode)
    .send(toErrorBody(statusCode, { message: statusCode >= 500 ? INTERNAL_ERROR_TEXT : error.message }));
}
