import { submissionRepository, type TSubmissionStatus } from '@formwell/db';
import { z } from 'zod';

import { loadOwnedForm } from '../forms/load-owned-form.js';
import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { resolveSubmissionFilter } from './resolve-submission-filter.js';
import { toSubmissionView, ZSubmissionStatusSchema, type TSubmissionView } from './submission-view.js';

/** Flat query of GET /api/v1/forms/{formId}/submissions (works as an OpenAPI GET query). */
export const ZListSubmissionsQuerySchema = z.object({
  limit: z.coerce.number().int().optional(),
  cursor: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  email: z.string().optional(),
  /** The folder to list: the inbox unless `spam` is asked for. */
  status: ZSubmissionStatusSchema.optional(),
});

export type ListSubmissionsOptions = {
  userId: string;
  formId: string;
  startDate?: string | null;
  endDate?: string | null;
  email?: string | null;
  status?: TSubmissionStatus | null;
} & TPageRequest;

export type TListSubmissionsResult = { submissions: TSubmissionView[]; nextCursor: string | null };

/**
 * Newest first, keyset-paginated, with inclusive date filters and an exact email filter.
 * Bad parameters (limit, cursor, dates: 400) are refused before the form is looked up (404 /
 * foreign-form 403), so a client learns nothing about a form from a malformed request.
 */
export async function listSubmissions({
  userId,
  formId,
  limit,
  cursor,
  startDate,
  endDate,
  email,
  status,
}: ListSubmissionsOptions): Promise<TListSubmissionsResult> {
  const page = resolvePageRequest({ limit, cursor });
  const filter = resolveSubmissionFilter({ startDate, endDate, email });
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const result = await submissionRepository.list({
    userId,
    formId: form.id,
    ...page,
    filter: { ...filter, status: status ?? 'inbox' },
  });

  return { submissions: result.items.map(toSubmissionView), nextCursor: nextCursor(result) };
}
