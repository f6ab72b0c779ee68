import type { z } from 'zod';

import { AppErrorCode } from './app-error-code.js';
import { AppError } from './app-error.js';
import { ErrorMessages } from './error-messages.js';

/** Parses with zod and turns a failure into a 400 carrying the zod issues. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first ? first.path.join('.') : '';
    // A text that starts with its field's name ("redirectUrl must be ...") is a whole sentence already.
    const message = first
      ? `${where && !first.message.startsWith(where) ? `${where}: ` : ''}${first.message}`
      : ErrorMessages.INVALID_PARAMETERS;
    throw new AppError(AppErrorCode.BAD_REQUEST, { message, details: { issues: result.error.issues } });
  }

  return result.data;
}
