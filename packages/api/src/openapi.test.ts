import { expect, test } from 'vitest';

import { buildOpenApiDocument } from './openapi.js';

// The REST handler checks trpc-to-openapi's router rules only outside production; generating the
// document here fails the build instead when a procedure breaks one.
const document = buildOpenApiDocument({ baseUrl: 'http://localhost:3000/api/v1', version: '0.0.0-test' });

test('every public endpoint is in the document with its method', () => {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
  );

  expect(operations.sort()).toEqual(
    [
      'GET /status',
      'GET /forms/list',
      'POST /forms/submit',
      'GET /forms/{formId}',
      'GET /forms/{formId}/users-joined',
      'GET /forms/{formId}/analytics',
      'GET /forms/{formId}/submissions',
      'PATCH /forms/{formId}/submissions/{submissionId}',
      'POST /forms',
      'GET /workspace',
      'DELETE /forms/{formId}',
      'PATCH /forms/{formId}',
      'GET /forms/{formId}/submissions/{submissionId}',
      'DELETE /forms/{formId}/submissions/{submissionId}',
      'GET /forms/{formId}/webhooks',
      'POST /forms/{formId}/webhooks',
      'GET /forms/{formId}/webhooks/{webhookId}',
      'PATCH /forms/{formId}/webhooks/{webhookId}',
      'DELETE /forms/{formId}/webhooks/{webhookId}',
      'POST /forms/{formId}/webhooks/{webhookId}/rotate-secret',
      'GET /forms/{formId}/webhooks/{webhookId}/deliveries',
      'POST /forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      'POST /forms/{formId}/webhooks/{webhookId}/test',
      'GET /forms/{formId}/integrations',
      'POST /forms/{formId}/integrations',
      'DELETE /forms/{formId}/integrations/{integrationId}',
      'POST /forms/{formId}/integrations/{integrationId}/test',
      'GET /forms/{formId}/recipients',
      'POST /forms/{formId}/recipients',
      'DELETE /forms/{formId}/recipients/{recipientId}',
      'POST /forms/{formId}/recipients/{recipientId}/resend',
      'POST /hooks',
      'DELETE /hooks/{id}',
    ].sort(),
  );
});

test('key-protected operations use the X-API-Key scheme; /status needs none', () => {
  expect(document.components?.securitySchemes).toEqual({
    ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  });
  expect(document.paths?.['/forms/{formId}']?.get?.security).toEqual([{ ApiKey: [] }]);
  expect(document.paths?.['/status']?.get?.security).toBeUndefined();
});

test('the list endpoint documents its flat query: limit, cursor and the legacy apiKey', () => {
  const names = (document.paths?.['/forms/list']?.get?.parameters ?? []).map((parameter) =>
    'name' in parameter ? parameter.name : '',
  );

  expect(names.sort()).toEqual(['apiKey', 'cursor', 'limit']);
});

test('submit documents a JSON body and a 201 response', () => {
  const operation = document.paths?.['/forms/submit']?.post;

  expect(operation?.requestBody).toBeDefined();
  expect(Object.keys(operation?.responses ?? {})).toContain('201');
  expect(Object.keys(operation?.responses ?? {})).not.toContain('200');
});

type TParameter = { name: string; schema?: Record<string, unknown> };

function parameterSchema(path: string, name: string) {
  const parameters = (document.paths?.[path]?.get?.parameters ?? []) as TParameter[];

  return parameters.find((parameter) => parameter.name === name)?.schema;
}

test('the rules the server enforces are stated: limit, dates, path ids', () => {
  for (const path of ['/forms/list', '/forms/{formId}/submissions', '/forms/{formId}/recipients']) {
    expect(parameterSchema(path, 'limit')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 50,
    });
  }
  for (const name of ['startDate', 'endDate']) {
    expect(parameterSchema('/forms/{formId}/submissions', name)).toMatchObject({
      type: 'string',
      format: 'date',
    });
  }
  for (const path of ['/forms/{formId}', '/forms/{formId}/users-joined', '/forms/{formId}/submissions']) {
    // No length: any id that names no form is a 404 `Form not found`, however long.
    expect(parameterSchema(path, 'formId')).toEqual({ type: 'string', minLength: 1 });
  }
});

test('submit states that redirectUrl is an absolute http(s) URL', () => {
  const body = document.paths?.['/forms/submit']?.post?.requestBody as {
    content: { 'application/json': { schema: { properties: Record<string, { anyOf: unknown[] }> } } };
  };
  const redirectUrl = body.content['application/json'].schema.properties.redirectUrl;

  expect(redirectUrl?.anyOf).toContainEqual(
    expect.objectContaining({ type: 'string', format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://[^/?#]+' }),
  );
});

test('every key-protected operation lists 400, 401, 403, 404, 429 and 500', () => {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const operation of [item?.get, item?.post]) {
      if (operation?.security) {
        expect([path, Object.keys(operation.responses ?? {})]).toEqual([
          path,
          expect.arrayContaining(['400', '401', '403', '404', '429', '500']),
        ]);
      }
    }
  }
});
