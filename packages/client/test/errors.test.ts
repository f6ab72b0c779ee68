import { describe, expect, test } from 'vitest';

import { FormwellError, toErrorBody } from '../src/errors.js';

describe('toErrorBody', () => {
  test('keeps the server error body as sent', () => {
    const body = {
      error: 'Invalid submission data',
      message: 'Invalid submission data',
      code: 'BAD_REQUEST',
      fieldErrors: { email: 'Required' },
    };

    expect(toErrorBody(400, body)).toEqual(body);
  });

  test('a body with only `message` (an older server) gets `error` and a code', () => {
    expect(toErrorBody(401, { message: 'API key is required' })).toEqual({
      error: 'API key is required',
      message: 'API key is required',
      code: 'UNKNOWN',
    });
  });

  test('a proxy page or empty answer becomes a body naming the status', () => {
    expect(toErrorBody(502, undefined)).toEqual({ error: 'HTTP 502', message: 'HTTP 502', code: 'UNKNOWN' });
    expect(toErrorBody(502, '<html>Bad gateway</html>').error).toBe('<html>Bad gateway</html>');
  });
});

test('FormwellError exposes status, code and field errors', () => {
  const error = new FormwellError(400, {
    error: 'Invalid submission data',
    message: 'Invalid submission data',
    code: 'BAD_REQUEST',
    fieldErrors: { email: 'Required' },
  });

  expect([error.status, error.code, error.message, error.fieldErrors]).toEqual([
    400,
    'BAD_REQUEST',
    'Invalid submission data',
    { email: 'Required' },
  ]);
  expect(error).toBeInstanceOf(Error);
});
