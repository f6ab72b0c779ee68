import { AppError } from '@formwell/core';
import { TRPCError } from '@trpc/server';

type MiddlewareResult = { ok: true } | { ok: false; error: TRPCError };

/**
 * tRPC wraps anything that is not a TRPCError as a 500; core throws AppError. Re-throwing it as
 * a TRPCError with the mapped code gives both transports the right status, and keeps the AppError
 * as `cause` for the error formatter.
 */
export async function mapAppErrors<T extends MiddlewareResult>(next: () => Promise<T>): Promise<T> {
  const result = await next();
  if (!result.ok && AppError.is(result.error.cause)) {
    const appError = result.error.cause;
    throw new TRPCError({ code: appError.trpcCode, message: appError.message, cause: appError });
  }

  return result;
}
