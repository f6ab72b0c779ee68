import { AppErrorCode } from './app-error-code.js';
import { AppError } from './app-error.js';

/** One entry of a 400's `issues`: the shape zod gives a schema failure, so clients read one shape. */
export type TParameterIssue = { code: 'custom'; path: string[]; message: string };

/**
 * A 400 for one request parameter refused after its schema passed (an unknown time zone, a cursor that
 * does not decode, a reversed date range). It carries the `issues` array a schema failure carries,
 * naming the parameter, so a client handles every validation 400 the same way.
 */
export function invalidParameter(parameter: string, message: string): AppError {
  const issue: TParameterIssue = { code: 'custom', path: [parameter], message };

  return new AppError(AppErrorCode.BAD_REQUEST, { message, details: { issues: [issue] } });
}
