import { AppError, ErrorMessages } from '@formwell/core';
import type { TRPCError } from '@trpc/server';
import type { DefaultErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { z } from 'zod';

/** The tRPC error shape plus the error-body fields the REST body reads from it. */
export type TApiErrorShape = DefaultErrorShape & {
  /** Second text where the interface gives two (foreign form); else the message. */
  error: string;
  fieldErrors?: Record<string, string>;
  data: DefaultErrorShape['data'] & { appCode?: string; zodError?: unknown };
};

const INPUT_VALIDATION_FAILED = 'Input validation failed';

type FormatErrorOptions = { shape: DefaultErrorShape; error: TRPCError };

/**
 * trpc-to-openapi spreads this shape into its REST body, and the server keeps `error` and
 * `fieldErrors` from it, so this is where the interface's two-text bodies come from. 5xx texts
 * are replaced because a plain thrown Error's message would otherwise reach the /trpc client.
 */
export function formatError({ shape, error }: FormatErrorOptions): TApiErrorShape {
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    return { ...shape, message: ErrorMessages.INTERNAL, error: ErrorMessages.INTERNAL };
  }
  const cause = error.cause;
  if (AppError.is(cause)) {
    const fieldErrors = cause.details.fieldErrors;

    return {
      ...shape,
      error: cause.error,
      ...(fieldErrors ? { fieldErrors } : {}),
      data: { ...shape.data, appCode: cause.code },
    };
  }
  if (cause instanceof z.ZodError) {
    // The REST adapter sends this same text as `message` (and the issues beside it); tRPC would
    // otherwise put the issues' JSON in the message.
    return {
      ...shape,
      message: INPUT_VALIDATION_FAILED,
      error: INPUT_VALIDATION_FAILED,
      data: { ...shape.data, zodError: z.flattenError(cause) },
    };
  }

  return { ...shape, error: shape.message };
}
