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
    // A refinement's text that starts with its field's name ("redirectUrl must be ...") is a whole
    // sentence already; zod's own texts keep the prefix (the CLI prints "limit: limit must be ...").
    const named = first?.code === 'custom' && first.message.startsWith(where);
    const message = first
      ? `${where && !named ? `${where}: ` : ''}${first.message}`
      : ErrorMessages.INVALID_PARAMETERS;
    throw new AppError(AppErrorCode.BAD_REQUEST, { message, details: { issues: result.error.issues } });
  }

  return result.data;
}
