import { AppErrorCode } from './app-error-code.js';
import { AppError } from './app-error.js';

/** One entry of a 400's `issues`: the shape zod gives a schema failure, so clients read one shape. */
export type TParameterIssue = { code: 'custom'; path: string[]; message: string };

/**
 * A 400 for one request parameter refused after its schema passed (an unknown time zone, a cursor that
 * does not decode, a reversed date range). It carries the `issues` array a schema failure carries,
 * naming the parameter, so a client handles every validation 400 the same way. `reason` is the
 * issue's own text (what the parameter accepts); without it the issue repeats `message`.
 */
export function invalidParameter(parameter: string, message: string, reason = message): AppError {
  // The issue says what the parameter takes where the caller knows, rather than a third copy of
  // the body's `error`/`message` text. A nested parameter (`emailSettings.replyTo`) is named by its
  // segments, as a schema failure of the same property names it.
  const issue: TParameterIssue = { code: 'custom', path: parameter.split('.'), message: reason };

  return new AppError(AppErrorCode.BAD_REQUEST, { message, details: { issues: [issue] } });
}
