import { expect, test } from 'vitest';

import { redactApiKeyFromUrl } from './redact-url.js';

const key = 'mk_live_ThisMustNeverBeLogged00000000000';

test('redacts the apiKey query value wherever it stands, whatever its case', () => {
  expect(redactApiKeyFromUrl(`/api/v1/forms/list?apiKey=${key}&limit=5`)).toBe(
    '/api/v1/forms/list?apiKey=[REDACTED]&limit=5',
  );
  expect(redactApiKeyFromUrl(`/api/v1/forms/x?limit=5&APIKEY=${key}`)).toBe(
    '/api/v1/forms/x?limit=5&APIKEY=[REDACTED]',
  );
  expect(redactApiKeyFromUrl('/api/v1/forms/list?limit=5')).toBe('/api/v1/forms/list?limit=5');
});

test('redacts percent-encoded and array spellings of the parameter name', () => {
  expect(redactApiKeyFromUrl(`/api/v1/forms/list?api%4Bey=${key.replace('_', '%5F')}`)).toBe(
    '/api/v1/forms/list?api%4Bey=[REDACTED]',
  );
  expect(redactApiKeyFromUrl(`/x?apiKey%5B%5D=abc&x=1;apiKey=def`)).toBe(
    '/x?apiKey%5B%5D=[REDACTED]&x=1;apiKey=[REDACTED]',
  );
});

test('masks anything shaped like a key elsewhere in the URL', () => {
  expect(redactApiKeyFromUrl(`/api/v1/forms/${key}?q=${key}`)).toBe(
    '/api/v1/forms/mk_live_[REDACTED]?q=mk_live_[REDACTED]',
  );
});

test("cuts a signed file link's signature and an emailed link's token, keeping the rest", () => {
  expect(redactApiKeyFromUrl('/files/abc?expires=1700000000&signature=s3cr3t')).toBe(
    '/files/abc?expires=1700000000&signature=[REDACTED]',
  );
  expect(redactApiKeyFromUrl('/invite?token=t0k3n')).toBe('/invite?token=[REDACTED]');
});
