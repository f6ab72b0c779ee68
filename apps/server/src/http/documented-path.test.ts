import { expect, test } from 'vitest';

import { createDocumentedPathLookup } from './documented-path.js';
import { buildServerOpenApiDocument } from './openapi-document.js';

const document = buildServerOpenApiDocument({ publicUrl: 'http://localhost:3000', version: '0.0.0-test' });
const documentedPath = createDocumentedPathLookup(document.paths ?? {});
const lookup = (pathname: string) => documentedPath(pathname)?.methods ?? null;

test('a literal segment beats a parameter: /forms/submit and /forms/list are not form ids', () => {
  expect(lookup('/forms/submit')).toEqual(['POST']);
  expect(lookup('/forms/list')).toEqual(['GET']);
  expect(lookup('/forms/6650f0c2a1b2c3d4e5f60718')).toEqual(['DELETE', 'GET', 'PATCH']);
  expect(lookup('/forms/anything/users-joined')).toEqual(['GET']);
  expect(lookup('/forms/anything/submissions')).toEqual(['GET']);
  expect(lookup('/forms/anything/submissions/export.csv')).toEqual(['GET']);
});

test('paths are matched as trpc-to-openapi matches them: trailing slash, case, query-free', () => {
  expect(lookup('/forms/submit/')).toEqual(['POST']);
  expect(lookup('/Forms/Submit')).toEqual(['POST']);
  expect(lookup('/status')).toEqual(['GET']);
});

test('a path no documented path matches is unknown (404), not a method problem', () => {
  expect(lookup('/nope')).toBeNull();
  expect(lookup('/forms/a/b/c/d/e')).toBeNull();
  expect(lookup('/forms/a/b/c/d')).toBeNull();
  expect(lookup('/')).toBeNull();
});

test('each path has its own methods, and more specific paths win', () => {
  const customPath = createDocumentedPathLookup({
    '/things/{id}': { get: {}, delete: {}, parameters: [] },
    '/things/new': { post: {} },
    '/things/{id}/parts/{partId}': { get: {} },
    '/things/{id}/parts/main': { put: {} },
  });
  const custom = (pathname: string) => customPath(pathname)?.methods ?? null;

  expect(customPath('/things/42')?.path).toBe('/things/{id}');
  expect(custom('/things/42')).toEqual(['DELETE', 'GET']);
  expect(custom('/things/new')).toEqual(['POST']);
  expect(custom('/things/42/parts/7')).toEqual(['GET']);
  expect(custom('/things/42/parts/main')).toEqual(['PUT']);
});
