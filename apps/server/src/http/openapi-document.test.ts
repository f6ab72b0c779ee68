import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '@formwell/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from 'vitest';

import { apiV1Paths, buildServerOpenApiDocument, errorBodySchema } from './openapi-document.js';

const document = buildServerOpenApiDocument({ publicUrl: 'https://forms.example.com', version: '1.2.3' });

test('the document is valid OpenAPI 3.1', async () => {
  const validator = new Validator();
  const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);

  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test('the document describes the error body the server really sends', () => {
  const schemas = document.components?.schemas ?? {};
  const errorSchemas = Object.entries(schemas).filter(([name]) => name.startsWith('error.'));

  expect(errorSchemas.length).toBeGreaterThan(0);
  for (const [, schema] of errorSchemas) {
    expect(schema).toEqual(errorBodySchema);
  }
});

test('the document serves the API under /api/v1 with the three ways of passing a key', () => {
  expect(document.servers).toEqual([{ url: 'https://forms.example.com/api/v1' }]);
  expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual([
    'ApiKey',
    'BearerAuth',
    'ApiKeyQuery',
  ]);
  expect(document.paths?.['/forms/list']?.get?.security).toEqual([
    { ApiKey: [] },
    { BearerAuth: [] },
    { ApiKeyQuery: [] },
  ]);
  // The interface's users-joined endpoint takes the header only.
  expect(document.paths?.['/forms/{formId}/users-joined']?.get?.security).toEqual([{ ApiKey: [] }]);
  expect(document.paths?.['/status']?.get?.security).toBeUndefined();
});

test('the document describes the streamed CSV export', () => {
  const operation = document.paths?.['/forms/{formId}/submissions/export.csv']?.get;

  expect(operation?.responses?.['200']).toMatchObject({ content: { 'text/csv': {} } });
});

test('the keyless POST /f/{formId} is described at the site root with its three body types', () => {
  const item = document.paths?.['/f/{formId}'];

  expect(item?.servers).toEqual([expect.objectContaining({ url: 'https://forms.example.com' })]);
  expect(
    Object.keys(
      item?.post?.requestBody && 'content' in item.post.requestBody ? item.post.requestBody.content : {},
    ),
  ).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json']);
  expect(Object.keys(item?.post?.responses ?? {})).toEqual(
    expect.arrayContaining(['201', '303', '400', '403', '404', '413', '415', '429', '503']),
  );
  // Not an /api/v1 path: the API's 405 handling and status checks leave it out.
  expect(Object.keys(apiV1Paths(document))).not.toContain('/f/{formId}');
});

test('the webhooks section describes the event body and every signature header', () => {
  const operation = (document.webhooks?.['form.submission.created'] as { post?: Record<string, unknown> })
    ?.post;
  const headers = (operation?.parameters as { name: string; in: string }[]).map(({ name }) => name);

  expect(headers).toEqual(
    expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-service-signature']),
  );
  expect(JSON.stringify(operation?.requestBody)).toContain('"const":"form.submission.created"');
  // The deadline a receiver is told is the one a delivery attempt really waits.
  const deadline = `within ${String(DEFAULT_WEBHOOK_TIMEOUT_MS / 1000)} seconds`;
  expect(operation?.description).toContain(deadline);
  expect(JSON.stringify(operation?.responses)).toContain(deadline);
});

test('parameters the server checks in core are described as tightly as it checks them', () => {
  const analytics = document.paths?.['/forms/{formId}/analytics']?.get?.parameters ?? [];
  const list = document.paths?.['/forms/list']?.get?.parameters ?? [];
  const schemaOf = (parameters: typeof list, name: string) =>
    (parameters.find((parameter) => 'name' in parameter && parameter.name === name) as { schema?: object })
      ?.schema;

  expect(schemaOf(analytics, 'timeRange')).toMatchObject({ enum: ['day', 'week', 'month'] });
  const zones = (schemaOf(analytics, 'tz') as { enum?: string[] } | undefined)?.enum ?? [];
  expect(['UTC', 'Europe/Paris'].filter((zone) => zones.includes(zone))).toEqual(['UTC', 'Europe/Paris']);
  expect(schemaOf(list, 'cursor')).toMatchObject({
    contentEncoding: 'base64url',
    contentSchema: { pattern: '^(\\d{1,15}):([0-9a-f]{24})$' },
  });
});

test('every free-form body object refuses the key __proto__, as the JSON parser does', () => {
  const body = JSON.stringify(document.paths?.['/forms/submit']?.post?.requestBody);

  expect(body).toContain('"not":{"const":"__proto__"}');
});

test('every operation lists the 421 a foreign Host header gets, with the usual error body', () => {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({
        name: `${method} ${path}`,
        operation: operation as { responses?: Record<string, unknown> },
      })),
  );

  expect(operations.map(({ name }) => name)).toContain('post /f/{formId}');
  for (const { name, operation } of operations) {
    expect(operation.responses?.['421'], name).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/error.MISDIRECTED_REQUEST' } } },
    });
  }
  expect(document.components?.schemas?.['error.MISDIRECTED_REQUEST']).toEqual(errorBodySchema);
});
