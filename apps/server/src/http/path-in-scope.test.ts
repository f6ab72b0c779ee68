import { expect, test } from 'vitest';

import { pathInScope } from './path-in-scope.js';

test('the prefix is skipped by segments, whatever its spelling', () => {
  expect(pathInScope('/api/v1/forms/submit', '/api/v1')).toBe('/forms/submit');
  expect(pathInScope('/api/%76%31/forms/submit', '/api/v1')).toBe('/forms/submit');
  expect(pathInScope('/%61pi/v1/forms/list?limit=5', '/api/v1')).toBe('/forms/list');
});

test('query and fragment are cut, encoding is kept, trailing slash dropped', () => {
  expect(pathInScope('/api/v1/forms/%24gt?x=/y', '/api/v1')).toBe('/forms/%24gt');
  expect(pathInScope('/api/v1/forms/list/#top', '/api/v1')).toBe('/forms/list');
  expect(pathInScope('/api/v1/forms/..%2F..%2Fetc', '/api/v1')).toBe('/forms/..%2F..%2Fetc');
});

test('dot segments are resolved as a URL parser does', () => {
  expect(pathInScope('/api/v1/forms/abc/../list', '/api/v1')).toBe('/forms/list');
  expect(pathInScope('/api/v1/forms/abc/%2e%2e/list', '/api/v1')).toBe('/forms/list');
  expect(pathInScope('/api/v1/forms/./list', '/api/v1')).toBe('/forms/list');
});

test('the scope root is /', () => {
  expect(pathInScope('/api/v1', '/api/v1')).toBe('/');
  expect(pathInScope('/api/v1?x=/a/b', '/api/v1')).toBe('/');
  expect(pathInScope('/api/v1/', '/api/v1')).toBe('/');
});
