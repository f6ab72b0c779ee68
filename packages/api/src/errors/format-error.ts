import { AppError, buildErrorBody, ErrorMessages } from '@formwell/core';
import type { TRPCError } from '@trpc/server';
import type { DefaultErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { z } from 'zod';

/** The tRPC error shape plus the error-body fields the REST body reads from it. */
export type TApiErrorShape = DefaultErrorShape & {
  /** Second text where the interface gives two (foreign form); else the message. */
  error: string;
  fieldErrors?: Record<string, string>;
  /** A 400's refused parameters, when core raised it past the input schema (see invalidParameter). */
  issues?: unknown;
  data: DefaultErrorShape['data'] & { appCode?: string; zodError?: unknown };
};

type FormatErrorOptions = { shape: DefaultErrorShape; error: TRPCError };

/**
 * trpc-to-openapi spreads this shape into its REST body, and /trpc clients read it, so its texts
 * come from the one error body builder: the interface's two-text bodies (AppError's `error`), the
 * fixed texts, and a 5xx that never carries a thrown Error's message. A schema failure gets one
 * plain text (the REST adapter sends the same one, with the issues beside it) instead of tRPC's
 * JSON of the issues.
 */
export function formatError({ shape, error }: FormatErrorOptions): TApiErrorShape {
  const cause = error.cause;
  const appError = AppError.is(cause) ? cause : undefined;
  const zodError = cause instanceof z.ZodError ? cause : undefined;
  const body = buildErrorBody(shape.data.httpStatus, {
    message: zodError ? ErrorMessages.INPUT_VALIDATION_FAILED : shape.message,
    error: appError?.error,
    fieldErrors: appError?.details.fieldErrors,
    issues: appError?.details.issues,
  });
  // Kept only where the builder kept them (never on a 5xx).
  const fieldErrors = body.fieldErrors === undefined ? undefined : appError?.details.fieldErrors;
  const issues = body.issues;

  return {
    ...shape,
    message: body.message,
    error: body.error,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(issues === undefined ? {} : { issues }),
    data: {
      ...shape.data,
      ...(appError ? { appCode: appError.code } : {}),
      ...(zodError ? { zodError: z.flattenError(zodError) } : {}),
    },
  };
}
