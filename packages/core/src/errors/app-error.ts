import type { TAppErrorCode } from './app-error-code.js';
import { appErrorStatus } from './app-error-status.js';
import { buildErrorBody, type TErrorBody } from './error-body.js';

export type AppErrorOptions = {
  /** The `message` text of the body; also Error.message. */
  message: string;
  /**
   * The `error` text when the interface gives a different one (foreign form: message "Unauthorized",
   * error "Form does not belong to this user"). Defaults to `message`.
   */
  error?: string;
  /** Extra body fields: zod `issues` of a schema failure, `fieldErrors` of bad submission data. */
  details?: TAppErrorDetails;
  /** For a failure that passes (a 503): how long a client should wait, sent as `Retry-After`. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/** `bodyLimitBytes`: the limit a 413 names (a file field's own, rather than the 100 KB of a body). */
export type TAppErrorDetails = {
  issues?: unknown;
  fieldErrors?: Record<string, string>;
  bodyLimitBytes?: number;
};

/** The one expected-failure type thrown by core; the api layer turns it into a response. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: TAppErrorCode;
  readonly error: string;
  readonly details: TAppErrorDetails;
  readonly retryAfterSeconds: number | null;

  constructor(code: TAppErrorCode, { message, error, details, retryAfterSeconds, cause }: AppErrorOptions) {
    super(message, { cause });
    this.code = code;
    this.error = error ?? message;
    this.details = details ?? {};
    this.retryAfterSeconds = retryAfterSeconds ?? null;
  }

  get httpStatus(): number {
    return appErrorStatus[this.code].httpStatus;
  }

  get trpcCode() {
    return appErrorStatus[this.code].trpcCode;
  }

  /** The error body for this failure (see buildErrorBody); a 5xx other than 503 never carries its text. */
  toBody(): TErrorBody {
    return buildErrorBody(this.httpStatus, {
      ...this.details,
      message: this.message,
      error: this.error,
      code: this.trpcCode,
      clientText: true,
    });
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }
}
