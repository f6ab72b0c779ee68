import { parseArgs } from 'node:util';

import { getEmail } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `mail show --id ID` → the whole message: `{id, to, from, subject, text, html, status, error,
 * createdAt}`. The body is there for captured messages (no SMTP server); sent ones keep none.
 */
export async function mailShow({ args }: TCommandOptions) {
  const { values } = parseArgs({ args, options: { id: { type: 'string' } }, strict: true });

  return getEmail({ id: requiredOption(values, 'id') });
}
