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

/**
 * What a uniqueEmail form keys a submission by (one submission per key): the submitter's email as
 * above, else `data.email` trimmed and lower-cased when it is a non-empty string that is no valid
 * address. A form without declared fields takes any value there, and "one submission per email"
 * still means the same `data.email` twice is a duplicate. Null when there is neither.
 */
export function uniqueEmailKey({
  email,
  data,
}: {
  email: string | null;
  data: Record<string, unknown>;
}): string | null {
  if (email !== null) {
    return email;
  }
  const sent = ownValue(data, 'email');

  return typeof sent === 'string' && sent.trim() !== '' ? sent.trim().toLowerCase() : null;
}
