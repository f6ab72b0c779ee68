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

test('the document serves the API under /api/v1 with API-key security', () => {
  expect(document.servers).toEqual([{ url: 'https://forms.example.com/api/v1' }]);
  expect(document.components?.securitySchemes).toEqual({
    ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  });
  expect(document.paths?.['/status']?.get).toBeDefined();
});
