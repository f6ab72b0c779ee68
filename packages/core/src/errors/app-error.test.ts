import { describe, expect, test } from 'vitest';

import { AppErrorCode } from './app-error-code.js';
import { appErrorStatus } from './app-error-status.js';
import { AppError } from './app-error.js';
import { ErrorMessages } from './error-messages.js';
import { foreignFormError } from './foreign-form-error.js';

describe('AppError', () => {
  test('the body carries error and message with the same text by default, plus the code', () => {
    const error = new AppError(AppErrorCode.UNAUTHORIZED, { message: ErrorMessages.API_KEY_REQUIRED });

    expect(error.toBody()).toEqual({
      error: 'API key is required',
      message: 'API key is required',
      code: 'UNAUTHORIZED',
    });
    expect(error.httpStatus).toBe(401);
    expect(error.trpcCode).toBe('UNAUTHORIZED');
  });

  test('the foreign-form error carries two different texts and is a 403', () => {
    const body = foreignFormError().toBody();

    expect(body).toEqual({
      message: 'Unauthorized',
      error: 'Form does not belong to this user',
      code: 'FORBIDDEN',
    });
    expect(foreignFormError().httpStatus).toBe(403);
  });

  test('details become extra body fields', () => {
    const error = new AppError(AppErrorCode.BAD_REQUEST, {
      message: ErrorMessages.INVALID_SUBMISSION,
      details: { fieldErrors: { email: 'Required' } },
    });

    expect(error.toBody()).toMatchObject({
      error: 'Invalid submission data',
      fieldErrors: { email: 'Required' },
    });
  });

  test('internal errors never expose their message', () => {
    const error = new AppError(AppErrorCode.INTERNAL, { message: 'connection string mongodb://secret' });

    expect(error.toBody()).toEqual({
      error: 'Internal server error',
      message: 'Internal server error',
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect(error.httpStatus).toBe(500);
  });

  test('every code maps to one tRPC code and HTTP status', () => {
    expect(Object.keys(appErrorStatus).sort()).toEqual(Object.values(AppErrorCode).sort());
    expect(appErrorStatus.PAYLOAD_TOO_LARGE.httpStatus).toBe(413);
    expect(appErrorStatus.TOO_MANY_REQUESTS.httpStatus).toBe(429);
    expect(appErrorStatus.CONFLICT.httpStatus).toBe(409);
    expect(appErrorStatus.INTERNAL.trpcCode).toBe('INTERNAL_SERVER_ERROR');
  });

  test('parameterised texts match the contract', () => {
    expect(ErrorMessages.formLimit(1, 1)).toBe('Form limit reached (1/1) for your plan');
    expect(ErrorMessages.monthlyLimit(200, 200)).toBe(
      'Monthly submission limit reached (200/200) for your plan',
    );
    expect(ErrorMessages.insufficientScope('forms:read')).toBe('Insufficient scope: forms:read');
  });
});
