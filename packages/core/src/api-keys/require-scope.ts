import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import type { TApiKeyScope } from './scopes.js';

export type RequireScopeOptions = { scopes: readonly string[]; scope: TApiKeyScope };

/** 403 `Insufficient scope: <scope>` unless the key carries the scope. */
export function requireScope({ scopes, scope }: RequireScopeOptions): void {
  if (!scopes.includes(scope)) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.insufficientScope(scope) });
  }
}
