import { parseArgs } from 'node:util';

import { listEmails } from '@formwell/core';

import { CliError } from '../cli-error.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `mail list [--limit N] [--cursor C]` → `{emails: [{id, to, subject, status, createdAt}], nextCursor}`,
 * newest first: every email the worker logged, including those captured when no SMTP server is set.
 */
export async function mailList({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { limit: { type: 'string' }, cursor: { type: 'string' } },
    strict: true,
  });
  // Digits only: Number() would also take `1e1` or ` 5`; core checks the range.
  if (values.limit !== undefined && !/^[0-9]+$/.test(values.limit)) {
    throw new CliError('--limit must be a whole number');
  }

  return listEmails({
    limit: values.limit === undefined ? undefined : Number(values.limit),
    cursor: values.cursor,
  });
}
