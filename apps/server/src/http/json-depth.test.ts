import { expect, test } from 'vitest';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

const arrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

test('counts nesting of arrays and objects, exactly at the limit', () => {
  for (const build of [arrays, objects]) {
    expect(jsonNestsDeeperThan(build(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(build(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  }
  expect(jsonNestsDeeperThan(`[${arrays(2)},${objects(2)}]`, 3)).toBe(false);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[ "' }), 1)).toBe(false);
  expect(jsonNestsDeeperThan(JSON.stringify(['\\', [[1]]]), 2)).toBe(true);
});

test('5,000 levels are found without a stack overflow', () => {
  expect(jsonNestsDeeperThan(arrays(5000), MAX_JSON_DEPTH)).toBe(true);
  expect(jsonNestsDeeperThan(objects(5000), MAX_JSON_DEPTH)).toBe(true);
});
