// Parts of the OpenAPI document that the router cannot describe itself.
import { KEY_RESTRICTION_REFUSAL } from '@formwell/api';
import { ID_MAX_LENGTH } from '@formwell/core';

/** The three ways of passing a key, first present wins in this order; the query one is legacy and deprecated. */
export const securitySchemes = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Recommended.' },
  BearerAuth: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <API key>`.' },
  ApiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'apiKey',
    description: 'Legacy and discouraged (URLs get logged); answered with `Deprecation: true`.',
  },
} as const;

export const anyKeySecurity = [{ ApiKey: [] }, { BearerAuth: [] }, { ApiKeyQuery: [] }];

/** Paths that accept the key in the X-API-Key header only (the interface's users-joined). */
export const headerOnlyPaths = new Set(['/forms/{formId}/users-joined']);

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/error.BAD_REQUEST' } } },
});

/** The streamed CSV export is a plain Fastify route, so it is described here by hand. */
export const csvExportPath = {
  get: {
    operationId: 'v1-submissions-exportCsv',
    summary: "Export a form's submissions as CSV",
    description:
      'UTF-8 with a byte-order mark; columns: id, createdAt, the data keys (the form fields first, at ' +
      'most 100), other (any further keys, as JSON), browser, os, device, country. Every cell is ' +
      'quoted, and a formula start (= + - @ tab CR), also after a separator inside a cell, is ' +
      'prefixed with a quote. Same filters, scope (`submissions:read`) and rate-limit bucket as the ' +
      'submissions listing; any other query parameter is refused with 400.',
    tags: ['submissions'],
    security: anyKeySecurity,
    parameters: [
      {
        name: 'formId',
        in: 'path',
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
      },
      { name: 'startDate', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'endDate', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
      { name: 'email', in: 'query', required: false, schema: { type: 'string' } },
    ],
    responses: {
      '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
      '400': errorResponse('Invalid parameters'),
      '401': errorResponse('Missing, unknown or revoked API key'),
      '403': errorResponse(`Missing scope, a form of another user, or ${KEY_RESTRICTION_REFUSAL}`),
      '404': errorResponse('User or form not found'),
      '429': errorResponse('Rate limit exceeded'),
      '500': errorResponse('Internal server error'),
    },
  },
};
