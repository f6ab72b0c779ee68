import { listEmails } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';
import { parseListArgs } from '../page-options.js';

/**
 * `mail list [--limit N] [--cursor C]` → `{emails: [{id, to, subject, status, createdAt}], nextCursor}`,
 * newest first: every email the worker logged, including those captured when no SMTP server is set.
 * `--limit` follows the API's rule (digits only, 1..100, default 50).
 */
export async function mailList({ args }: TCommandOptions) {
  const { page } = parseListArgs(args, {});

  // The operator's command: every owner's mail.
  return listEmails({ reader: { all: true }, visibility: 'everything', ...page });
}
