import { describe, expect, test } from 'vitest';

import { toErrorBody } from './error-body.js';

describe('toErrorBody', () => {
  test('turns a trpc-to-openapi body into {error, message, code}', () => {
    expect(toErrorBody(404, { message: 'Form not found', code: 'NOT_FOUND' })).toEqual({
      error: 'Form not found',
      message: 'Form not found',
      code: 'NOT_FOUND',
    });
  });

  test('keeps two different texts when the thrower gave both', () => {
    expect(
      toErrorBody(403, {
        message: 'Unauthorized',
        error: 'Form does not belong to this user',
        code: 'FORBIDDEN',
      }),
    ).toEqual({ message: 'Unauthorized', error: 'Form does not belong to this user', code: 'FORBIDDEN' });
  });

  test('keeps validation details', () => {
    const body = toErrorBody(400, {
      message: 'Invalid submission data',
      fieldErrors: { email: 'invalid' },
      issues: [],
    });

    expect(body).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { email: 'invalid' }, issues: [] });
  });

  test('never lets internal text out of a 5xx', () => {
    expect(toErrorBody(500, { message: 'connection refused at 10.0.0.3', stack: 'at x' })).toEqual({
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL_SERVER_ERROR',
    });
  });

  test('413 and 415 get fixed texts instead of texts that quote the request', () => {
    expect(toErrorBody(415, { message: 'Unsupported content-type "text/plain' }).message).toBe(
      'Unsupported Media Type: send application/json',
    );
    expect(toErrorBody(413, { message: 'Request body is too large' }).error).toBe(
      'Request body is too large (at most 100 KB)',
    );
  });

  test("replaces Fastify's internal error codes with the status's code", () => {
    expect(
      toErrorBody(415, { message: 'Unsupported Media Type', code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
