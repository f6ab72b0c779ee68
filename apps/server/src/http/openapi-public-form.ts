// The keyless plain-HTML-form endpoint, described beside the API: it lives at the site root, not
// under /api/v1, so its path item names its own server.
import { ErrorMessages, SUBMISSION_DATA_JSON_SCHEMA } from '@formwell/core';

import { BODY_LIMIT_BYTES } from './body-limits.js';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/error.BAD_REQUEST' } } },
});

const {
  additionalProperties: dataValue,
  propertyNames: dataName,
  maxProperties,
} = SUBMISSION_DATA_JSON_SCHEMA;

/** What each body type carries: the data's names plus the reserved `_gotcha`, `_redirect` and CAPTCHA tokens. */
function publicBodySchema(value: object) {
  return {
    type: 'object',
    description:
      `The form's data by field name, as in the API's submit (${SUBMISSION_DATA_JSON_SCHEMA.description}) ` +
      'Reserved names: `_gotcha` (honeypot: a non-empty value gets the normal answer, nothing is stored), ' +
      '`_redirect` (where to send the browser; custom URLs need STANDARD or PRO), and the CAPTCHA token ' +
      'of the provider the form uses (`cf-turnstile-response`, `h-captcha-response`, `g-recaptcha-response`).',
    maxProperties: maxProperties + 10,
    propertyNames: dataName,
    properties: {
      _gotcha: { type: 'string' },
      _redirect: {
        type: 'string',
        maxLength: 2048,
        format: 'uri',
        pattern: '^[hH][tT][tT][pP][sS]?://[^/?#]+',
      },
    },
    additionalProperties: value,
  };
}

const formValue = {
  anyOf: [
    { type: 'string', maxLength: SUBMISSION_DATA_JSON_SCHEMA.additionalProperties.anyOf[0].maxLength },
    { type: 'array', items: { type: 'string' }, maxItems: maxProperties },
  ],
  description: 'A name sent more than once becomes a list of its values, in order.',
};

/** `POST /f/{formId}`; `submitted` is the API submit's 201 schema, the same answer. */
export function publicFormPath({ publicUrl, submitted }: { publicUrl: string; submitted: unknown }) {
  return {
    servers: [{ url: publicUrl, description: 'The site root: this endpoint is not under /api/v1.' }],
    post: {
      operationId: 'public-submitForm',
      summary: 'Submit a form without a key (plain HTML forms)',
      description:
        'For forms whose owner turned on public submissions (otherwise 404 `Public submissions are off ' +
        "for this form`). Checks the form's allowed origins (403) and CAPTCHA (403, or 503 when the " +
        `provider cannot be reached), then the same data rules, quota, emails and webhooks as the API ` +
        `submit. Rate-limited per client address and form. A browser gets 303 to the redirect; a ` +
        `request accepting \`application/json\` gets 201 with the JSON answer. Bodies up to ` +
        `${BODY_LIMIT_BYTES / 1000} KB.`,
      tags: ['submissions'],
      security: [],
      parameters: [{ name: 'formId', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: publicBodySchema(formValue) },
          'multipart/form-data': { schema: publicBodySchema(formValue) },
          'application/json': { schema: publicBodySchema(dataValue) },
        },
      },
      responses: {
        '201': {
          description: 'Stored (the request accepts application/json)',
          content: { 'application/json': { schema: submitted } },
        },
        '303': {
          description: 'Stored; the browser is sent to the redirect URL or the thank-you page',
          headers: { Location: { schema: { type: 'string', format: 'uri' } } },
        },
        '400': errorResponse('Invalid body or submission data (`fieldErrors`)'),
        '403': errorResponse(
          `${ErrorMessages.PUBLIC_ORIGIN_NOT_ALLOWED}, ${ErrorMessages.CAPTCHA_FAILED}, or monthly quota reached`,
        ),
        '404': errorResponse('Form not found, or public submissions are off for it'),
        '409': errorResponse('A submission with this email already exists for this form'),
        '413': errorResponse(ErrorMessages.BODY_TOO_LARGE),
        '415': errorResponse(ErrorMessages.PUBLIC_FORM_UNSUPPORTED_MEDIA_TYPE),
        '429': errorResponse('Rate limit exceeded (per client address and form)'),
        '500': errorResponse('Internal server error'),
        '503': errorResponse(ErrorMessages.CAPTCHA_UNAVAILABLE),
      },
    },
  };
}
