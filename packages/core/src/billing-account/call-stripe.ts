import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { stripeLibrary } from './stripe-library.js';

/**
 * Runs one Stripe API call. A refusal or outage becomes a 500 (the client sees only the generic
 * body) whose log line names the operation, Stripe's error type, status, code and request id, so
 * an operator can find it in Stripe's dashboard. Stripe's own message is left out: it may quote
 * our parameters back.
 */
export async function callStripe<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof stripeLibrary().errors.StripeError)) {
      throw error;
    }
    const parts = [
      error.rawType ?? error.type,
      error.statusCode,
      error.code,
      error.requestId && `request ${error.requestId}`,
    ];
    throw new AppError(AppErrorCode.INTERNAL, {
      message: `Stripe ${operation} failed: ${parts.filter(Boolean).join(', ')}`,
    });
  }
}
