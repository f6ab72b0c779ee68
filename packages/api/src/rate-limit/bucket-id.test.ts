import { expect, test } from 'vitest';

import { rateLimitBucketId } from './bucket-id.js';

test('per-key buckets carry the key id; per-form buckets add the form id', () => {
  expect(rateLimitBucketId({ bucket: 'api_v1_forms_list', apiKeyId: 'k1' })).toBe('api_v1_forms_list_k1');
  expect(rateLimitBucketId({ bucket: 'b', apiKeyId: 'k1', formId: '65A0000000000000000000AB' })).toBe(
    'b_k1_65a0000000000000000000ab',
  );
});

test('a form id that is not an ObjectId is hashed to a fixed length', () => {
  const id = rateLimitBucketId({ bucket: 'b', apiKeyId: 'k1', formId: 'x'.repeat(5000) });

  expect(id).toMatch(/^b_k1_h[0-9a-f]{24}$/);
});
