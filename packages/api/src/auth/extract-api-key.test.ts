import { expect, test } from 'vitest';

import { extractApiKey } from './extract-api-key.js';

const ALL = ['header', 'bearer', 'query'] as const;

test('X-API-Key beats Bearer beats ?apiKey=', () => {
  const url = '/forms/list?apiKey=mk_query';
  const bearer = { authorization: 'Bearer mk_bearer' };

  expect(extractApiKey({ headers: { 'x-api-key': 'mk_header', ...bearer }, url, sources: ALL })).toEqual({
    key: 'mk_header',
    source: 'header',
  });
  expect(extractApiKey({ headers: bearer, url, sources: ALL })).toEqual({
    key: 'mk_bearer',
    source: 'bearer',
  });
  expect(extractApiKey({ headers: {}, url, sources: ALL })).toEqual({ key: 'mk_query', source: 'query' });
});

test('only the allowed sources count, whatever order they are listed in', () => {
  const headers = { authorization: 'Bearer mk_bearer' };

  expect(extractApiKey({ headers, url: '/x?apiKey=mk_query', sources: ['header'] })).toBeNull();
  expect(extractApiKey({ headers, url: '/x?apiKey=mk_query', sources: ['query', 'bearer'] })?.source).toBe(
    'bearer',
  );
});

test('empty values, other schemes and blank bearer tokens count as absent', () => {
  expect(extractApiKey({ headers: { 'x-api-key': '  ' }, url: '/x?apiKey=', sources: ALL })).toBeNull();
  expect(extractApiKey({ headers: { authorization: 'Basic abc' }, url: '/x', sources: ALL })).toBeNull();
  expect(extractApiKey({ headers: { authorization: 'Bearer ' }, url: '/x', sources: ALL })).toBeNull();
});
