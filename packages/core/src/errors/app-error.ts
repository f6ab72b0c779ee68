import { AppErrorCode, type TAppErrorCode } from './app-error-code.js';
import { appErrorStatus } from './app-error-status.js';
import { ErrorMessages } from './error-messages.js';

export type AppErrorOptions = {
  /** The `message` text of the body; also Error.message. */
  message: string;
  /**
   * The `error` text when the interface gives a different one (foreign form: message "Unauthorized",
   * error "Form does not belong to this user"). Defaults to `message`.
   */
  error?: string;
  /** Extra body fields, e.g. `fieldErrors` or zod `issues`. */
  details?: Record<string, unknown>;
  cause?: unknown;
};

export type TAppErrorBody = { error: string; message: string; code: TAppErrorCode } & Record<string, unknown>;

/** The one expected-failure type thrown by core; the api layer turns it into a response. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: TAppErrorCode;
  readonly error: string;
  readonly details: Record<string, unknown>;

  constructor(code: TAppErrorCode, { message, error, details, cause }: AppErrorOptions) {
    super(message, { cause });
    this.code = code;
    this.error = error ?? message;
    this.details = details ?? {};
  }

  get httpStatus(): number {
    return appErrorStatus[this.code].httpStatus;
  }

  get trpcCode() {
    return appErrorStatus[this.code].trpcCode;
  }

  /** The JSON body of decisions §3; 5xx bodies never carry internal texts. */
  toBody(): TAppErrorBody {
    if (this.code === AppErrorCode.INTERNAL) {
      return { error: ErrorMessages.INTERNAL, message: ErrorMessages.INTERNAL, code: this.code };
    }

    return { ...this.details, error: this.error, message: this.message, code: this.code };
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }
}
