import { expect, test } from 'vitest';

import { buildOpenApiDocument } from './openapi.js';

// The REST handler checks trpc-to-openapi's router rules only outside production; generating the
// document here fails the build instead when a procedure breaks one (toolchain.md gotcha 6).
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
