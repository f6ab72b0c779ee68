import { describe, expect, test } from 'vitest';

import { ERROR_HTTP_STATUS, errorCodeForStatus } from './app-error-status.js';
import { buildErrorBody } from './error-body.js';

describe('buildErrorBody', () => {
  test('one text fills both error and message, and the code comes from the status', () => {
    expect(buildErrorBody(404, { message: 'Form not found' })).toEqual({
      error: 'Form not found',
      message: 'Form not found',
      code: 'NOT_FOUND',
    });
  });

  test('keeps two different texts when the thrower gave both', () => {
    expect(
      buildErrorBody(403, { message: 'Unauthorized', error: 'Form does not belong to this user' }),
    ).toEqual({ message: 'Unauthorized', error: 'Form does not belong to this user', code: 'FORBIDDEN' });
  });

  test('keeps validation details', () => {
    const body = buildErrorBody(400, {
      message: 'Invalid submission data',
      fieldErrors: { email: 'invalid' },
      issues: [],
    });

    expect(body).toEqual({
      error: 'Invalid submission data',
      message: 'Invalid submission data',
      code: 'BAD_REQUEST',
      fieldErrors: { email: 'invalid' },
      issues: [],
    });
  });

  test('never lets internal text out of a 5xx', () => {
    expect(buildErrorBody(503, { message: 'connection refused at 10.0.0.3', code: 'X' })).toEqual({
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL_SERVER_ERROR',
    });
  });

  test('a 503 keeps a text written for clients, and only that', () => {
    const text = 'CAPTCHA could not be verified right now, please try again';
    expect(buildErrorBody(503, { message: text, clientText: true })).toEqual({
      error: text,
      message: text,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(buildErrorBody(500, { message: 'db down at 10.0.0.3', clientText: true }).message).toBe(
      'Internal server error',
    );
  });

  test('413 and 415 get fixed texts instead of texts that quote the request', () => {
    expect(buildErrorBody(415, { message: 'Unsupported content-type "text/plain' })).toEqual({
      error: 'Unsupported Media Type: send application/json',
      message: 'Unsupported Media Type: send application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(buildErrorBody(413, { message: 'Request body is too large' }).error).toBe(
      'Request body is too large (at most 100 KB)',
    );
  });
});

test('every status of the table maps back to its code; others fall back by class', () => {
  for (const [code, status] of Object.entries(ERROR_HTTP_STATUS)) {
    expect(errorCodeForStatus(status)).toBe(code);
  }
  expect(errorCodeForStatus(418)).toBe('BAD_REQUEST');
  expect(errorCodeForStatus(502)).toBe('INTERNAL_SERVER_ERROR');
});
