import { z } from 'zod';

import type { TFormField } from '../forms/z-form-field.js';
import { ownValue } from './own-value.js';

const ZEmail = z.email();

/**
 * The submitter's email, normalised (trimmed, lower-case): `data.email`, else the first email-typed
 * field. Null when there is no valid one.
 */
export function submissionEmail({
  fields,
  data,
}: {
  fields: TFormField[];
  data: Record<string, unknown>;
}): string | null {
  const candidates = [
    data.email,
    ...fields.filter((f) => f.type === 'email').map((f) => ownValue(data, f.name)),
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && ZEmail.safeParse(candidate.trim()).success) {
      return candidate.trim().toLowerCase();
    }
  }

  return null;
}
