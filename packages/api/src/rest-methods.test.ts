import { expect, test } from 'vitest';

import { createRestMethodLookup, routerRestOperations } from './rest-methods.js';

const lookup = createRestMethodLookup(routerRestOperations());

test("the table is the router's meta.openapi: every operation, nothing hand-written", () => {
  expect(
    routerRestOperations()
      .map(({ method, path }) => `${method} ${path}`)
      .sort(),
  ).toEqual(
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

test('a literal segment beats a parameter: /forms/submit and /forms/list are not form ids', () => {
  expect(lookup('/forms/submit')).toEqual(['POST']);
  expect(lookup('/forms/list')).toEqual(['GET']);
  expect(lookup('/forms/6650f0c2a1b2c3d4e5f60718')).toEqual(['GET']);
  expect(lookup('/forms/anything/users-joined')).toEqual(['GET']);
  expect(lookup('/forms/anything/submissions')).toEqual(['GET']);
});

test('paths are matched as trpc-to-openapi matches them: trailing slash, case, query-free', () => {
  expect(lookup('/forms/submit/')).toEqual(['POST']);
  expect(lookup('/Forms/Submit')).toEqual(['POST']);
  expect(lookup('/status')).toEqual(['GET']);
});

test('a path no template matches is unknown (404), not a method problem', () => {
  expect(lookup('/nope')).toBeNull();
  expect(lookup('/forms')).toBeNull();
  expect(lookup('/forms/a/b/c/d')).toBeNull();
  expect(lookup('/')).toBeNull();
});

test('methods of equally specific templates add up, and more specific templates win', () => {
  const custom = createRestMethodLookup([
    { method: 'GET', path: '/things/{id}' },
    { method: 'DELETE', path: '/things/{thingId}' },
    { method: 'POST', path: '/things/new' },
    { method: 'GET', path: '/things/{id}/parts/{partId}' },
    { method: 'PUT', path: '/things/{id}/parts/main' },
  ]);

  expect(custom('/things/42')).toEqual(['DELETE', 'GET']);
  expect(custom('/things/new')).toEqual(['POST']);
  expect(custom('/things/42/parts/7')).toEqual(['GET']);
  expect(custom('/things/42/parts/main')).toEqual(['PUT']);
});
