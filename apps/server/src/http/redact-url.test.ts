import { expect, test } from 'vitest';

import { redactApiKeyFromUrl } from './redact-url.js';

test('redacts the apiKey query value wherever it stands, whatever its case', () => {
  expect(redactApiKeyFromUrl('/api/v1/forms/list?apiKey=mk_live_secret&limit=5')).toBe(
    '/api/v1/forms/list?apiKey=[REDACTED]&limit=5',
  );
  expect(redactApiKeyFromUrl('/api/v1/forms/x?limit=5&APIKEY=mk_live_secret')).toBe('/api/v1/forms/x?limit=5&APIKEY=[REDACTED]');
  expect(redactApiKeyFromUrl('/api/v1/forms/list?limit=5')).toBe('/api/v1/forms/list?limit=5');
});
