import { emailLogRepository, type TEmailLogVisibility, type TOwnerReader } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { toEmailSummaryView, type TEmailSummaryView } from './email-view.js';

/**
 * Logged emails, newest first: every one for the operator (the CLI) and staff, those sent for one
 * owner when the reader is that owner.
 */
export async function listEmails({
  reader,
  visibility,
  ...request
}: { reader: TOwnerReader; visibility: TEmailLogVisibility } & TPageRequest): Promise<{
  emails: TEmailSummaryView[];
  nextCursor: string | null;
}> {
  const page = await emailLogRepository.list({ reader, visibility, ...resolvePageRequest(request) });

  return { emails: page.items.map(toEmailSummaryView), nextCursor: nextCursor(page) };
}
