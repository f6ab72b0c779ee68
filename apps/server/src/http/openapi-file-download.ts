import { KEY_RESTRICTION_REFUSAL } from '@formwell/api';
import { ID_MAX_LENGTH } from '@formwell/core';

import { anyKeySecurity, errorResponse } from './openapi-extras.js';

const idParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
});

/** The streamed file download is a plain Fastify route, so it is described here by hand. */
export const fileDownloadPath = {
  get: {
    operationId: 'v1-submissions-downloadFile',
    summary: 'Download a file of a submission',
    description:
      "The bytes of a file uploaded with the submission, as stored (`fileId` from the file field's " +
      'value). Always `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff` and ' +
      '`Content-Security-Policy: sandbox`, whatever the type. Same scope (`submissions:read`) and ' +
      'rate-limit bucket as the submissions listing.',
    tags: ['submissions'],
    security: anyKeySecurity,
    parameters: [idParameter('formId'), idParameter('submissionId'), idParameter('fileId')],
    responses: {
      '200': {
        description: 'The file',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      '401': errorResponse('Missing, unknown or revoked API key'),
      '403': errorResponse(`Missing scope, a form of another user, or ${KEY_RESTRICTION_REFUSAL}`),
      '404': errorResponse('User, form or file not found (`File not found`)'),
      '429': errorResponse('Rate limit exceeded'),
      '500': errorResponse('Internal server error'),
    },
  },
};
