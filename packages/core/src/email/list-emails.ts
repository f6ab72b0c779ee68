import { emailLogRepository } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { toEmailSummaryView, type TEmailSummaryView } from './email-view.js';

/**
 * Every logged email, newest first, for the operator (the CLI): not scoped to an owner, so no
 * request path may call it on a user's behalf.
 */
export async function listEmails(
  request: TPageRequest = {},
): Promise<{ emails: TEmailSummaryView[]; nextCursor: string | null }> {
  const page = await emailLogRepository.list(resolvePageRequest(request));

  return { emails: page.items.map(toEmailSummaryView), nextCursor: nextCursor(page) };
}
