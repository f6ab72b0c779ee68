import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from 'vitest';

import { buildServerOpenApiDocument, errorBodySchema } from './openapi-document.js';

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
