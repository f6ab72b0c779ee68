import type { components } from './generated/openapi.js';

/** The one error body every Formwell endpoint answers with (`issues` for bad parameters, `fieldErrors` for bad submission data). */
export type TFormwellErrorBody = components['schemas']['error.BAD_REQUEST'];

/** A non-2xx answer of the API: its status and the parsed error body. */
export class FormwellError extends Error {
  override readonly name = 'FormwellError';
  readonly status: number;
  readonly body: TFormwellErrorBody;

  constructor(status: number, body: TFormwellErrorBody) {
    super(body.error || body.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  /** Machine code of the error, e.g. `NOT_FOUND`. */
  get code(): string {
    return this.body.code;
  }

  /** Per-field reasons when the submission data did not match the form's fields, otherwise `{}`. */
  get fieldErrors(): Record<string, string> {
    return this.body.fieldErrors ?? {};
  }
}

/**
 * Reads an error body defensively: a proxy in front of the server can answer with HTML or nothing,
 * and the caller still gets a FormwellError with the status rather than a JSON parse failure.
 */
export function toErrorBody(status: number, value: unknown): TFormwellErrorBody {
  if (typeof value === 'object' && value !== null && ('error' in value || 'message' in value)) {
    const body = value as Partial<TFormwellErrorBody>;
    const text = body.error ?? body.message ?? `HTTP ${status}`;

    return { ...body, error: text, message: body.message ?? text, code: body.code ?? 'UNKNOWN' };
  }
  const text = typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : `HTTP ${status}`;

  return { error: text, message: text, code: 'UNKNOWN' };
}
