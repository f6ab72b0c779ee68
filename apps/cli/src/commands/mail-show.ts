import { parseArgs } from 'node:util';

import { getEmail } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `mail show ID` (or `mail show --id ID`) → the whole message: `{id, to, from, replyTo, subject, text,
 * html, status, error, createdAt}`. The body is there for mail captured or caught locally (no SMTP_URL);
 * mail that went to a real SMTP server keeps none.
 */
export async function mailShow({ args }: TCommandOptions) {
  const { values, positionals } = parseArgs({
    args,
    options: { id: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 1 || (positionals.length === 1 && values.id !== undefined)) {
    throw new CliError('give one email id, as ID or --id ID');
  }
  const [positional] = positionals;

  // The operator's command: every owner's mail.
  return getEmail({
    reader: { all: true },
    visibility: 'everything',
    id: positional ?? requiredOption(values, 'id'),
  });
}
